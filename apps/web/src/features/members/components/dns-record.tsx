import type { OrganizationDomain } from '@alpenkube/contract/organization-settings';
import { CopyButton } from '@/components/ui/copy-button';

/** The TXT record to publish, each part with a copy button. */
export function DnsRecord({ record }: { record: NonNullable<OrganizationDomain['record']> }) {
  const parts = [
    { label: 'Name', value: record.name },
    { label: 'Type', value: record.type },
    { label: 'Value', value: record.value },
  ];
  return (
    <dl className="grid gap-2 rounded-lg border bg-muted/30 p-3 text-sm" data-testid="dns-record">
      {parts.map((part) => (
        <div
          key={part.label}
          className="grid grid-cols-[4rem_minmax(0,1fr)_auto] items-center gap-2"
        >
          <dt className="text-muted-foreground">{part.label}</dt>
          <dd className="font-mono break-all">{part.value}</dd>
          {part.label === 'Type' ? (
            <span className="size-8" aria-hidden="true" />
          ) : (
            <CopyButton text={part.value} label={`Copy the record's ${part.label.toLowerCase()}`} />
          )}
        </div>
      ))}
    </dl>
  );
}
