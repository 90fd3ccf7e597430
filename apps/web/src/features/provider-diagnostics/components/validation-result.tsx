import type { ProviderValidation } from '@alpenkube/contract';
import { FormAlert } from '@/components/ui/form';

type IssuePath = ProviderValidation['issues'][number]['path'];

/** A path as a reader of the API writes it: `nodePools[0].count`; the whole configuration is `(configuration)`. */
export function formatIssuePath(path: IssuePath): string {
  if (path.length === 0) return '(configuration)';
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`,
    )
    .join('');
}

/** The driver's answer to a dry run: valid with its estimate, or each refusal with its field. */
export function ValidationResult({
  result,
  providerName,
}: {
  result: ProviderValidation;
  providerName: string;
}) {
  const estimate = result.estimate ? (
    <p data-testid="dry-run-estimate">Creating it would take {result.estimate}.</p>
  ) : null;
  if (result.valid) {
    return (
      <FormAlert variant="success" title={`${providerName} accepts this configuration`}>
        {estimate ?? <p>Nothing was created: this was a dry run.</p>}
      </FormAlert>
    );
  }
  return (
    <FormAlert
      title={`${providerName} refuses this configuration (${result.issues.length} ${
        result.issues.length === 1 ? 'issue' : 'issues'
      })`}
    >
      <ul aria-label="Issues" className="mt-1 space-y-1">
        {result.issues.map((issue, index) => (
          <li key={index} className="text-foreground">
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">
              {formatIssuePath(issue.path)}
            </code>{' '}
            {issue.message}
          </li>
        ))}
      </ul>
      {estimate}
    </FormAlert>
  );
}
