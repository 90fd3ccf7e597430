import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/components/page/page-header';
import { SearchBox } from '@/components/ui/search-box';
import { CardSkeletons, QueryError } from '@/components/page/query-state';
import { filterGroups, groupOperations, type OpenApiDocument } from '../openapi';
import { MethodBadge, OperationCard } from '../operation-card';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';
import { apiReferenceKeys } from '../queries';

/** The server's live OpenAPI document (GET /api/openapi.json), rendered without a viewer library. */
export function ApiReferencePage() {
  useRouteMeta('/api-reference');
  const spec = useQuery<OpenApiDocument>({
    queryKey: apiReferenceKeys.openapi,
    staleTime: 5 * 60 * 1000,
  });
  const [query, setQuery] = useState('');
  const groups = useMemo(() => (spec.data ? groupOperations(spec.data) : []), [spec.data]);
  const visible = useMemo(() => filterGroups(groups, query), [groups, query]);
  const count = groups.reduce((n, g) => n + g.operations.length, 0);

  return (
    <>
      <PageHeader
        wide
        eyebrow="Developers"
        title="API reference"
        lead={
          <>
            Every operation of the platform API, read live from{' '}
            <code className="font-mono text-base">/api/openapi.json</code>. Requests use your
            session cookie; errors are JSON with a{' '}
            <code className="font-mono text-base">message</code>.
          </>
        }
      >
        {spec.data?.info && (
          <p className="text-sm text-muted-foreground">
            {spec.data.info.title} · version {spec.data.info.version} · OpenAPI {spec.data.openapi}{' '}
            · {count} operations
          </p>
        )}
      </PageHeader>
      <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:px-8">
        <nav
          aria-label="Operations"
          className="text-sm lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:overflow-y-auto"
        >
          <SearchBox
            value={query}
            onValueChange={setQuery}
            label="Filter operations"
            placeholder="Filter operations"
          />
          <ul className="mt-4 hidden space-y-4 lg:block">
            {visible.map((g) => (
              <li key={g.tag}>
                <a href={`#group-${g.tag}`} className="font-semibold capitalize hover:text-primary">
                  {g.tag}
                </a>
                <ul className="mt-1.5 space-y-1">
                  {g.operations.map((op) => (
                    <li key={op.id}>
                      <a
                        href={`#${op.id}`}
                        className="flex items-center gap-2 text-muted-foreground hover:text-foreground"
                      >
                        <MethodBadge method={op.method} />
                        <span className="truncate font-mono text-xs">
                          {op.path.replace(/^\/api/, '')}
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-12">
          {spec.isPending && <CardSkeletons count={3} className="h-40" />}
          {spec.isError && (
            <QueryError
              title="The API description could not be loaded"
              error={spec.error}
              onRetry={() => void spec.refetch()}
            />
          )}
          {spec.data && visible.length === 0 && (
            <p className="text-muted-foreground">No operation matches “{query.trim()}”.</p>
          )}
          {spec.data &&
            visible.map((g) => (
              <section
                key={g.tag}
                id={`group-${g.tag}`}
                aria-labelledby={`group-${g.tag}-heading`}
                className="scroll-mt-24"
              >
                <h2
                  id={`group-${g.tag}-heading`}
                  className="text-2xl font-bold tracking-tight capitalize"
                >
                  {g.tag}
                </h2>
                <div className="mt-5 space-y-5">
                  {g.operations.map((op) => (
                    <OperationCard key={op.id} doc={spec.data} op={op} />
                  ))}
                </div>
              </section>
            ))}
        </div>
      </div>
    </>
  );
}
