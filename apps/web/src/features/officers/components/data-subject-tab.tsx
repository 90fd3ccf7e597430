import { useState } from 'react';
import type { Person } from '@alpenkube/contract';
import { PersonActions } from './person-actions';
import { PersonSearch } from './person-search';
import { RequestsHistory } from './requests-history';

/** GDPR art. 15 and 17: find the person, export or erase them, and the register of both. */
export function DataSubjectTab() {
  const [person, setPerson] = useState<Person | null>(null);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-4">
        <h2 className="text-lg font-semibold">Find the person</h2>
        <PersonSearch selected={person?.id ?? null} onSelect={setPerson} />
        {person ? (
          <PersonActions key={person.id} person={person} onErased={() => setPerson(null)} />
        ) : null}
      </div>
      <div className="min-w-0 space-y-4">
        <h2 className="text-lg font-semibold">Requests carried out</h2>
        <RequestsHistory />
      </div>
    </div>
  );
}
