import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Catalog } from '@alpenkube/contract';
import { clusterConfigSchema } from '@alpenkube/contract/cluster-config';
import {
  priceCluster,
  type BillingCycle,
  type ClusterConfig,
  type Quote,
} from '@alpenkube/contract/pricing';
import { configFromLink } from '@/lib/catalog/cluster-config-rules';
import { clusterConfigQuery, decodeClusterConfig } from '@/lib/catalog/config-url';
import { useCurrency } from '@/lib/currency';

/** The schema's messages by field path, `nodePools.0.count`, as the server would name them. */
export type FieldIssues = ReadonlyMap<string, string>;

export interface Estimate {
  issues: FieldIssues;
  /** Null while the configuration has issues: the engine prices only what the schema accepts. */
  quote: Quote | null;
}

const schemas = new WeakMap<Catalog, ReturnType<typeof clusterConfigSchema>>();

export function estimate(config: ClusterConfig, catalog: Catalog): Estimate {
  let schema = schemas.get(catalog);
  if (!schema) schemas.set(catalog, (schema = clusterConfigSchema(catalog)));
  const result = schema.safeParse(config);
  if (result.success) return { issues: new Map(), quote: priceCluster(result.data, catalog) };
  const issues = new Map<string, string>();
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!issues.has(key)) issues.set(key, issue.message);
  }
  return { issues, quote: null };
}

/** The configuration a query string opens, as any configuration link opens. */
function readQuery(query: string, catalog: Catalog, billingCycle: BillingCycle): ClusterConfig {
  return configFromLink(decodeClusterConfig(new URLSearchParams(query)), catalog, billingCycle);
}

/**
 * The configuration being estimated, mirrored in the URL as the user edits (replacing the
 * history entry, so Back leaves the page rather than undoing an edit). The state, not the URL, is
 * the truth while editing: a half-typed value the URL cannot carry (an empty pool name) stays on
 * screen. A query the page did not write itself (a link to the bare page, a pasted link) is
 * read again.
 */
export function useEstimatorConfig(catalog: Catalog) {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const { billingCycle } = useCurrency();
  const query = search.replace(/^\?/, '');
  const [config, setConfig] = useState(() => readQuery(query, catalog, billingCycle));
  const written = useRef<string | null>(null);
  // The newest configuration, so that two changes in one event both count.
  const latest = useRef(config);
  latest.current = config;

  const mirror = useCallback(
    (next: ClusterConfig, current: string) => {
      const nextQuery = clusterConfigQuery(next);
      written.current = nextQuery;
      if (nextQuery !== current) {
        void navigate(
          { pathname, search: `?${nextQuery}` },
          { replace: true, preventScrollReset: true },
        );
      }
    },
    [navigate, pathname],
  );

  useEffect(() => {
    if (query === written.current) return;
    // On mount the state was just read from this query: only its canonical form is written.
    const next =
      written.current === null ? latest.current : readQuery(query, catalog, billingCycle);
    if (next !== latest.current) setConfig(next);
    mirror(next, query);
    // The stored billing cycle is only a default for a query without one: not a reason to re-read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, catalog, mirror]);

  const update = useCallback(
    (change: (current: ClusterConfig) => ClusterConfig) => {
      const next = change(latest.current);
      latest.current = next;
      setConfig(next);
      mirror(next, query);
    },
    [mirror, query],
  );

  const result = useMemo(() => estimate(config, catalog), [config, catalog]);
  return { config, update, query: clusterConfigQuery(config), ...result };
}
