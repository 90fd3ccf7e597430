import { Link } from 'react-router';
import { Users } from 'lucide-react';
import type { OperatorOrganizationDetail } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { paths } from '@/config/paths';
import { formatDay, formatUsd } from '../labels';
import { GrantCreditForm, loadForms } from './lazy-forms';
import { Section } from './section';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

/** The organization's figures, its admins, and the credit an operator may grant it. */
export function OrganizationFacts({ organization }: { organization: OperatorOrganizationDetail }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section
        title="Overview"
        action={
          <FormDialog
            preload={loadForms}
            trigger="Grant credit"
            title={`Grant credit to ${organization.name}`}
            description="Taken first by its next payments. Audited; its admins are told."
          >
            {(close) => <GrantCreditForm organization={organization} close={close} />}
          </FormDialog>
        }
      >
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Fact label="Credit balance">
            <span data-testid="credit-balance">{formatUsd(organization.creditBalance)}</span>
          </Fact>
          <Fact label="Members">{organization.memberCount}</Fact>
          <Fact label="Active admins">{organization.activeAdminCount}</Fact>
          <Fact label="Clusters">{organization.clusterCount}</Fact>
          <Fact label="Open orders">{organization.openOrderCount}</Fact>
          <Fact label="Support plan">
            <span className="capitalize">{organization.supportPlan}</span>
          </Fact>
        </dl>
        <p className="mt-4 text-sm text-muted-foreground">
          Created {formatDay(organization.createdAt)}
          {organization.approvedAt ? `, approved ${formatDay(organization.approvedAt)}` : ''}.
        </p>
      </Section>
      <Section
        title="Admins"
        action={
          <Button asChild variant="outline" size="sm">
            <Link to={`${paths.organizationUsers}?organization=${organization.id}`}>
              <Users aria-hidden="true" /> All members
            </Link>
          </Button>
        }
      >
        {organization.admins.length === 0 ? (
          <p className="text-sm text-muted-foreground">No active admin.</p>
        ) : (
          <ul className="divide-y text-sm">
            {organization.admins.map((admin) => (
              <li key={admin.id} className="py-2">
                <p className="font-medium">{admin.name ?? admin.username}</p>
                <a
                  href={`mailto:${admin.email}`}
                  className="text-muted-foreground underline-offset-4 hover:underline"
                >
                  {admin.email}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
