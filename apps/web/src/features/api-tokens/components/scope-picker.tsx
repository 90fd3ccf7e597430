import { apiTokenResources, type ApiTokenResource, type ApiTokenScope } from '@alpenkube/contract';
import { roleReaches } from '@alpenkube/contract/permissions';
import { Checkbox } from '@/components/ui/checkbox';
import { useAuth } from '@/lib/session/use-auth';
import { resourceLabels } from '../token-labels';

export type ScopeChoice = Record<ApiTokenResource, 'none' | 'read' | 'write'>;

export const noScopes: ScopeChoice = {
  clusters: 'none',
  kubeconfig: 'none',
  orders: 'none',
  billing: 'none',
  support: 'none',
};

export const scopesOf = (choice: ScopeChoice): ApiTokenScope[] =>
  apiTokenResources.flatMap((resource) =>
    choice[resource] === 'none' ? [] : [`${resource}:${choice[resource]}` as ApiTokenScope],
  );

/**
 * A read and a write box per resource; write includes read, so it ticks read too. A token acts
 * as its person, so only what their role reaches is offered (the server refuses the rest).
 */
export function ScopePicker({
  value,
  onChange,
}: {
  value: ScopeChoice;
  onChange: (value: ScopeChoice) => void;
}) {
  const role = useAuth().user?.role ?? 'user';
  const set = (resource: ApiTokenResource, level: ScopeChoice[ApiTokenResource]) =>
    onChange({ ...value, [resource]: level });
  const offered = apiTokenResources.filter((resource) => roleReaches(role, `${resource}:read`));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Scopes</legend>
      {offered.map((resource) => {
        const { label, hint } = resourceLabels[resource];
        const level = value[resource];
        const writable = roleReaches(role, `${resource}:write`);
        return (
          <div
            key={resource}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md border px-3 py-2"
          >
            <span className="min-w-0">
              <span className="block text-sm font-medium">{label}</span>
              <span className="block text-xs text-muted-foreground">{hint}</span>
            </span>
            <span className="flex gap-4 text-sm">
              <label className="flex items-center gap-1.5">
                <Checkbox
                  aria-label={`${label}: read`}
                  checked={level !== 'none'}
                  disabled={level === 'write'}
                  onChange={(event) => set(resource, event.target.checked ? 'read' : 'none')}
                />
                Read
              </label>
              {writable ? (
                <label className="flex items-center gap-1.5">
                  <Checkbox
                    aria-label={`${label}: write`}
                    checked={level === 'write'}
                    onChange={(event) => set(resource, event.target.checked ? 'write' : 'read')}
                  />
                  Write
                </label>
              ) : null}
            </span>
          </div>
        );
      })}
    </fieldset>
  );
}
