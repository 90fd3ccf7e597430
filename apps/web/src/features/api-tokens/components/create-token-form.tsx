import { useState, type FormEvent } from 'react';
import {
  API_TOKEN_MAX_DAYS,
  apiTokenExpiryChoices,
  type CreateApiToken,
  type CreatedApiToken,
} from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useCreateApiToken } from '../queries';
import { noScopes, ScopePicker, scopesOf, type ScopeChoice } from './scope-picker';

const DAY_MS = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The body for the choices made: a number of days, or the end of the picked day (UTC). */
export function expiryBody(
  expiry: string,
  date: string,
  now = Date.now(),
): Pick<CreateApiToken, 'expiresInDays' | 'expiresAt'> {
  if (expiry !== 'date') return { expiresInDays: Number(expiry) };
  // The last day allowed ends past 365 days from now: the token expires at that limit instead.
  const end = Math.min(Date.parse(`${date}T23:59:59Z`), now + API_TOKEN_MAX_DAYS * DAY_MS);
  return { expiresAt: new Date(end).toISOString() };
}

/** Name, expiry and scopes; answers the created token to `onCreated`. */
export function CreateTokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedApiToken) => void;
  onCancel: () => void;
}) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('90');
  const [date, setDate] = useState(() => isoDate(Date.now() + 30 * DAY_MS));
  const [scopes, setScopes] = useState<ScopeChoice>({ ...noScopes, clusters: 'read' });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = scopesOf(scopes);
    if (!name.trim()) return setProblem('Give the token a name.');
    if (chosen.length === 0) return setProblem('Choose at least one scope.');
    if (expiry === 'date' && !date) return setProblem('Pick the day the token expires.');
    setProblem(null);
    create.mutate(
      { name: name.trim(), scopes: chosen, ...expiryBody(expiry, date) },
      { onSuccess: onCreated, onError: (error) => setProblem(error.message) },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <FormField label="Name" description="What uses it, e.g. “terraform” or “CI deploy”.">
        <Input value={name} maxLength={64} onChange={(event) => setName(event.target.value)} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Expires">
          <NativeSelect value={expiry} onChange={(event) => setExpiry(event.target.value)}>
            {apiTokenExpiryChoices.map((days) => (
              <option key={days} value={String(days)}>
                In {days} days
              </option>
            ))}
            <option value="date">On a date…</option>
          </NativeSelect>
        </FormField>
        {expiry === 'date' ? (
          <FormField label="Expiry date">
            <Input
              type="date"
              value={date}
              min={isoDate(Date.now() + DAY_MS)}
              max={isoDate(Date.now() + API_TOKEN_MAX_DAYS * DAY_MS)}
              onChange={(event) => setDate(event.target.value)}
            />
          </FormField>
        ) : null}
      </div>
      <ScopePicker value={scopes} onChange={setScopes} />
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton pending={create.isPending} pendingText="Creating...">
          Create token
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
