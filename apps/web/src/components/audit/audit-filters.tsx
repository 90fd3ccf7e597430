import { useState, type FormEvent } from 'react';
import { auditActionPrefixes, auditActions, type AuditFilter } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

/** A datetime-local value (the reader's local time) as an ISO instant, or nothing. */
const toInstant = (local: string) => (local ? new Date(local).toISOString() : undefined);

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm">
      <span className="text-muted-foreground">{label}</span>
      {children}
    </label>
  );
}

/**
 * An audit log's filter: applied on submit, so typing a username does not query each key. The
 * officers' log filters by organization too; an organization's own log has one.
 */
export function AuditFilters({
  onApply,
  logName,
  withOrganization = false,
  actorLabel = 'Actor (user id, username or e-mail)',
}: {
  onApply: (filter: AuditFilter) => void;
  /** "audit log", "activity log": what the form is named for. */
  logName: string;
  withOrganization?: boolean;
  actorLabel?: string;
}) {
  const [actor, setActor] = useState('');
  const [organization, setOrganization] = useState('');
  const [action, setAction] = useState('');
  const [outcome, setOutcome] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filter: AuditFilter = {};
    if (actor.trim()) filter.actor = actor.trim();
    if (/^[0-9]+$/.test(organization.trim())) filter.organization = organization.trim();
    if (action) filter.action = action;
    if (outcome === 'success' || outcome === 'failure') filter.outcome = outcome;
    if (from) filter.from = toInstant(from);
    if (to) filter.to = toInstant(to);
    onApply(filter);
  };

  return (
    <form
      onSubmit={submit}
      aria-label={`Filter the ${logName}`}
      className="grid grid-cols-1 gap-3 rounded-xl border p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <Field label={actorLabel}>
        <Input value={actor} onChange={(e) => setActor(e.target.value)} name="actor" />
      </Field>
      {withOrganization ? (
        <Field label="Organization id">
          <Input
            value={organization}
            onChange={(e) => setOrganization(e.target.value)}
            inputMode="numeric"
            name="organization"
          />
        </Field>
      ) : null}
      <Field label="Action">
        <NativeSelect value={action} onChange={(e) => setAction(e.target.value)} name="action">
          <option value="">Any action</option>
          <optgroup label="Groups">
            {auditActionPrefixes.map((prefix) => (
              <option key={prefix} value={prefix}>
                {prefix}*
              </option>
            ))}
          </optgroup>
          <optgroup label="Actions">
            {auditActions.map((one) => (
              <option key={one} value={one}>
                {one}
              </option>
            ))}
          </optgroup>
        </NativeSelect>
      </Field>
      <Field label="Outcome">
        <NativeSelect value={outcome} onChange={(e) => setOutcome(e.target.value)} name="outcome">
          <option value="">Any outcome</option>
          <option value="success">Success</option>
          <option value="failure">Failure</option>
        </NativeSelect>
      </Field>
      <Field label="From">
        <Input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
      </Field>
      <Field label="To">
        <Input type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
      </Field>
      <div className="flex items-end sm:col-span-2">
        <Button type="submit" size="sm">
          Apply filter
        </Button>
      </div>
    </form>
  );
}
