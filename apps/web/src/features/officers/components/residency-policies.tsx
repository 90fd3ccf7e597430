import type { ResidencyReport } from '@alpenkube/contract';
import { residencyPolicyLabels } from '@alpenkube/contract/organization-settings';
import { Badge } from '@/components/ui/badge';

/**
 * Each organization's residency policy, set by its admins and enforced on every order, with
 * what it runs outside that policy (placed before the policy narrowed).
 */
export function ResidencyPolicies({ policies }: { policies: ResidencyReport['policies'] }) {
  if (policies.length === 0) return null;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold">Residency policy of each organization</h3>
      <p className="text-sm text-muted-foreground">
        Set by the organization&apos;s admins; the server refuses clusters, add-ons and products
        outside it. New organizations start EU only.
      </p>
      <div className="overflow-x-auto rounded-xl border">
        <table
          className="w-full min-w-[28rem] text-left text-sm"
          aria-label="Residency policy by organization"
        >
          <thead className="bg-muted/50 text-muted-foreground">
            <tr>
              {['Organization', 'Policy', 'Workloads', 'Outside its policy'].map((title) => (
                <th key={title} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {policies.map((one) => (
              <tr key={one.organization.id} className="border-t">
                <td className="px-3 py-2 font-medium">{one.organization.name}</td>
                <td className="px-3 py-2">
                  <Badge variant={one.policy === 'eu_only' ? 'success' : 'warning'}>
                    {residencyPolicyLabels[one.policy]}
                  </Badge>
                </td>
                <td className="px-3 py-2">{one.placements}</td>
                <td
                  className={
                    one.outsidePolicy ? 'px-3 py-2 font-semibold text-destructive' : 'px-3 py-2'
                  }
                >
                  {one.outsidePolicy}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
