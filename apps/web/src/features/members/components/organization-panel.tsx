import { useOrganizationScope } from '../use-organization-scope';
import { DomainProof } from './domain-proof';
import { ResidencyPolicySetting } from './residency-policy-setting';

/** The organization's own settings: where its data may live, and the domain it proved. */
export function OrganizationPanel() {
  const { superAdmin, organizationId } = useOrganizationScope();
  if (superAdmin && !organizationId) {
    return (
      <p className="text-sm text-muted-foreground">
        Choose an organization above to see and change its settings.
      </p>
    );
  }
  return (
    <div className="grid max-w-3xl gap-6">
      <ResidencyPolicySetting />
      <DomainProof />
    </div>
  );
}
