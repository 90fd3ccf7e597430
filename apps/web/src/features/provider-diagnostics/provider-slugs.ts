import { paths, providerTestSlugs, type ProviderTestSlug } from '@/config/paths';

/**
 * Which provider driver each test page diagnoses: the pages keep the names the spec gives them
 * (`/gcp-cluster-test`), the API names providers by the catalog's slug (`gke`).
 */
export const providerOfTestPage: Record<ProviderTestSlug, string> = {
  'gcp-cluster': 'gke',
  'aws-eks': 'eks',
  'azure-aks': 'aks',
  'ibm-iks': 'iks',
  'huawei-cce': 'cce',
  'alibaba-ack': 'ack',
  'digitalocean-doks': 'doks',
};

/** The provider slug of the test page at `pathname`, or null on any other path. */
export function providerOfPath(pathname: string): string | null {
  const page = providerTestSlugs.find((slug) => paths.providerTest(slug) === pathname);
  return page ? providerOfTestPage[page] : null;
}
