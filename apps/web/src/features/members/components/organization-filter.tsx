import { useState } from 'react';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useOrganizationScope } from '../use-organization-scope';

/** A super admin's choice of organization: every one, or one by its id. */
export function OrganizationFilter({ organizationName }: { organizationName?: string | null }) {
  const { superAdmin, organizationId, setOrganizationId } = useOrganizationScope();
  const [draft, setDraft] = useState('');
  if (!superAdmin) return null;
  if (organizationId) {
    return (
      <div className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
        <span>
          Organization: <strong>{organizationName ?? `#${organizationId}`}</strong>
        </span>
        <Button variant="ghost" size="sm" onClick={() => setOrganizationId(undefined)}>
          <X aria-hidden="true" />
          Every organization
        </Button>
      </div>
    );
  }
  return (
    <form
      className="flex flex-wrap items-center gap-2 text-sm"
      aria-label="Organization filter"
      onSubmit={(event) => {
        event.preventDefault();
        const id = Number(draft);
        if (Number.isInteger(id) && id > 0) setOrganizationId(id);
      }}
    >
      <span className="text-muted-foreground">Every organization. Only one:</span>
      <Input
        className="w-36"
        inputMode="numeric"
        placeholder="Organization ID"
        aria-label="Organization ID"
        value={draft}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
      />
      <Button type="submit" variant="outline" size="sm">
        Show
      </Button>
    </form>
  );
}
