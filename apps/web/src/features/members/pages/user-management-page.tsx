import { PageHeading } from '@/components/page/page-heading';
import { ActivityPanel } from '../components/activity-panel';
import { InvitationsPanel } from '../components/invitations-panel';
import { MfaRequirement } from '../components/mfa-requirement';
import { OrganizationPanel } from '../components/organization-panel';
import { OrganizationFilter } from '../components/organization-filter';
import { MemberTabs, useCurrentTab } from '../components/member-tabs';
import { PromotionsPanel } from '../components/promotions-panel';
import { RegistrationsPanel } from '../components/registrations-panel';
import { UsersPanel } from '../components/users-panel';
import { useMembersSummary } from '../queries';
import { useOrganizationScope } from '../use-organization-scope';

const panels = {
  users: UsersPanel,
  registrations: RegistrationsPanel,
  promotions: PromotionsPanel,
  invitations: InvitationsPanel,
  security: MfaRequirement,
  organization: OrganizationPanel,
  activity: ActivityPanel,
};

/**
 * /user-management: the organization's people, what waits for an admin, its 2FA rule, the
 * organization's own settings (residency policy, domain proof) and its activity log.
 */
export function UserManagementPage() {
  const tab = useCurrentTab();
  const Panel = panels[tab];
  return (
    <MembersPage
      title="User Management"
      lead="Your organization's people: roles, registrations, promotion requests and invitations; where its data may live, the domain it proved, and who did what."
    >
      <MemberTabs />
      <Panel />
    </MembersPage>
  );
}

/** The frame of every people page: heading, a super admin's organization filter, content. */
export function MembersPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: React.ReactNode;
}) {
  const { organizationId } = useOrganizationScope();
  const summary = useMembersSummary(organizationId);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <PageHeading title={title} lead={lead} />
      <OrganizationFilter organizationName={summary.data?.organizationName} />
      {children}
    </div>
  );
}
