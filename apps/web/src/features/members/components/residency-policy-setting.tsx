import {
  residencyPolicies,
  residencyPolicyLabels,
  type ResidencyPolicy,
} from '@alpenkube/contract/organization-settings';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useMembersChange, useResidencyPolicy } from '../queries';
import { setResidencyPolicy } from '../requests';
import { useOrganizationScope } from '../use-organization-scope';

const explanations: Record<ResidencyPolicy, string> = {
  eu_only:
    'Clusters, add-ons and products only in regions under EU jurisdiction. An order elsewhere is refused.',
  any: 'Any region of the catalog, including the United States, the United Kingdom, Switzerland, South Africa, Singapore and China.',
};

/** The organization's residency policy, which the server enforces on every order. */
export function ResidencyPolicySetting() {
  const { organizationId } = useOrganizationScope();
  const residency = useResidencyPolicy(organizationId);
  const change = useMembersChange(
    (policy: ResidencyPolicy) => setResidencyPolicy(policy, organizationId),
    (result) => `Residency policy: ${residencyPolicyLabels[result.policy]}`,
  );
  const current = residency.data?.policy;
  return (
    <Card data-testid="residency-policy">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Data residency
          {current ? (
            <Badge variant={current === 'eu_only' ? 'success' : 'warning'}>
              {residencyPolicyLabels[current]}
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>
          Where the clusters and products of{' '}
          {residency.data?.organizationName ?? 'the organization'} may keep data. The server checks
          it on every cluster, add-on and product order; what already runs keeps running, and the
          compliance officers&apos; residency report shows it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!residency.data ? (
          <Spinner label="Loading the policy…" className="py-4" />
        ) : (
          <fieldset className="grid gap-3 sm:grid-cols-2" disabled={change.isPending}>
            <legend className="sr-only">Residency policy</legend>
            {residencyPolicies.map((policy) => (
              <label
                key={policy}
                className={cn(
                  'flex cursor-pointer flex-col gap-1 rounded-lg border p-4 text-sm transition-colors hover:bg-accent/50',
                  policy === current && 'border-primary ring-1 ring-primary',
                )}
              >
                <span className="flex items-center gap-2 font-medium">
                  <input
                    type="radio"
                    name="residency-policy"
                    value={policy}
                    checked={policy === current}
                    onChange={() => change.mutate(policy)}
                    className="accent-primary"
                  />
                  {residencyPolicyLabels[policy]}
                </span>
                <span className="text-muted-foreground">{explanations[policy]}</span>
              </label>
            ))}
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
