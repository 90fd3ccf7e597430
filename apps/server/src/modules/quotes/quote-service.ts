import { catalogIssues, priceCluster, type ClusterConfig, type Quote } from '@alpenkube/contract';
import { invalidFields } from '../../lib/http-error.ts';
import type { CatalogService } from '../platform/index.ts';

/**
 * Prices configurations with the catalog in memory. Every price the server answers or charges
 * comes from here, computed again from the configuration: a price a client sends is never read.
 */
export function createQuoteService(deps: { catalog: CatalogService }) {
  return {
    /** The engine's lines and totals; a 400 naming each field the catalog refuses. */
    async quote(config: ClusterConfig): Promise<Quote> {
      const { value: catalog } = await deps.catalog.catalog();
      const issues = catalogIssues(config, catalog);
      if (issues.length) throw invalidFields(issues);
      return priceCluster(config, catalog);
    },
  };
}
export type QuoteService = ReturnType<typeof createQuoteService>;
