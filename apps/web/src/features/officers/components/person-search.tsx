import { useState, type FormEvent } from 'react';
import type { Person } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useMembers } from '../queries';

/** Finds a person by username, e-mail or name, and picks one. */
export function PersonSearch({
  selected,
  onSelect,
}: {
  selected: number | null;
  onSelect: (person: Person) => void;
}) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const people = useMembers(q);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
  };

  return (
    <div className="space-y-3">
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row" role="search">
        <label className="sr-only" htmlFor="person-search">
          Username, e-mail or name
        </label>
        <Input
          id="person-search"
          placeholder="Username, e-mail or name"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="sm:max-w-md"
        />
        <Button type="submit" size="sm" disabled={text.trim().length < 2}>
          Find
        </Button>
      </form>
      {people.isFetching ? <Spinner label="Searching…" /> : null}
      {people.error ? (
        <p role="alert" className="text-sm text-destructive">
          {people.error.message}
        </p>
      ) : null}
      {people.data?.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody matches “{q}”.</p>
      ) : null}
      {people.data?.length ? (
        <ul className="divide-y rounded-xl border" aria-label="People found">
          {people.data.map((person) => (
            <li key={person.id}>
              <button
                type="button"
                onClick={() => onSelect(person)}
                aria-pressed={person.id === selected}
                className={cn(
                  'flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-left text-sm hover:bg-muted/50',
                  person.id === selected && 'bg-muted',
                )}
              >
                <span className="font-medium break-all">{person.username}</span>
                <span className="break-all text-muted-foreground">{person.email}</span>
                <span className="text-muted-foreground">{person.organization.name}</span>
                {person.erasedAt ? <Badge variant="secondary">Erased</Badge> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
