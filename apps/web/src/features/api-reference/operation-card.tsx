import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { OpenApiDocument, Operation } from './openapi';
import { exampleFor } from './schema-example';
import { SchemaView, typeLabel } from './schema-view';

const methodColours: Record<string, string> = {
  get: 'bg-primary/10 text-primary',
  post: 'bg-success/15 text-success',
  put: 'bg-warning/20 text-foreground',
  patch: 'bg-warning/20 text-foreground',
  // Foreground text on a tint: the destructive colour itself is too light for text in dark mode.
  delete: 'bg-destructive/15 text-foreground',
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={cn(
        'inline-block w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-bold uppercase',
        methodColours[method],
      )}
    >
      {method}
    </span>
  );
}

function Example({ value }: { value: unknown }) {
  return (
    <pre className="mt-2 overflow-x-auto rounded-lg bg-[oklch(0.21_0.02_262)] p-3 font-mono text-xs text-[oklch(0.93_0.01_255)]">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/**
 * A response's schema and example are built when it is opened: every response of every route
 * rendered up front made the page a DOM of tens of thousands of nodes.
 */
function ResponseDetails({ summary, children }: { summary: ReactNode; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="group" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer">{summary}</summary>
      {open && children()}
    </details>
  );
}

export function OperationCard({ doc, op }: { doc: OpenApiDocument; op: Operation }) {
  const body = op.requestBody?.content?.['application/json'];
  const params = op.parameters ?? [];
  return (
    <article
      id={op.id}
      aria-labelledby={`${op.id}-title`}
      className="scroll-mt-24 rounded-xl border border-border bg-card p-5"
    >
      <h3 id={`${op.id}-title`} className="flex flex-wrap items-center gap-3">
        <MethodBadge method={op.method} />
        <code className="font-mono text-sm font-semibold break-all">{op.path}</code>
        {op.deprecated && <span className="text-xs font-semibold text-foreground">deprecated</span>}
      </h3>
      {op.summary && <p className="mt-2 font-medium">{op.summary}</p>}
      {op.description && <p className="mt-1 text-sm text-muted-foreground">{op.description}</p>}
      {params.length > 0 && (
        <section className="mt-4">
          <h4 className="text-sm font-semibold">Parameters</h4>
          <ul className="mt-1 divide-y divide-border text-sm">
            {params.map((p) => (
              <li
                key={`${p.in}-${p.name}`}
                className="flex flex-wrap items-baseline gap-x-2 py-1.5"
              >
                <code className="font-mono font-semibold">{p.name}</code>
                <span className="text-xs text-muted-foreground">in {p.in}</span>
                <span className="font-mono text-xs text-primary">{typeLabel(doc, p.schema)}</span>
                {p.required && (
                  <span className="text-xs font-semibold text-foreground">required</span>
                )}
                {p.description && (
                  <span className="w-full text-muted-foreground">{p.description}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {body && (
        <section className="mt-4">
          <h4 className="text-sm font-semibold">Request body (JSON)</h4>
          <SchemaView doc={doc} schema={body.schema} />
          <Example value={body.example ?? exampleFor(doc, body.schema)} />
        </section>
      )}
      {op.responses && (
        <section className="mt-4">
          <h4 className="text-sm font-semibold">Responses</h4>
          <ul className="mt-1 space-y-2 text-sm">
            {Object.entries(op.responses).map(([status, response]) => {
              const schema = response.content?.['application/json']?.schema;
              return (
                <li key={status}>
                  <ResponseDetails
                    summary={
                      <>
                        <span
                          className={cn(
                            'font-mono font-semibold',
                            status.startsWith('2') ? 'text-success' : 'text-foreground',
                          )}
                        >
                          {status}
                        </span>{' '}
                        <span className="text-muted-foreground">{response.description ?? ''}</span>
                      </>
                    }
                  >
                    {() =>
                      schema ? (
                        <div className="mt-2 pl-4">
                          <SchemaView doc={doc} schema={schema} />
                          <Example value={exampleFor(doc, schema)} />
                        </div>
                      ) : (
                        <p className="mt-1 pl-4 text-muted-foreground">No body.</p>
                      )
                    }
                  </ResponseDetails>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </article>
  );
}
