import { useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { NotFoundPanel } from '@/components/page/not-found-panel';
import { clusterTypeFromPath, resolveClusterType } from '@/lib/catalog/cluster-type-catalog';
import { AdditionalOffers } from '@/features/catalog/cluster-types/additional-offers';
import { TierDetail } from '@/features/catalog/cluster-types/tier-detail';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

/** /cluster-types/:type and every alias (/blue-cluster, /ai-cluster-page, /dev-cluster…). */
export function ClusterTypePage() {
  const { type: param } = useParams();
  const { pathname } = useLocation();
  const type = param !== undefined ? resolveClusterType(param) : clusterTypeFromPath(pathname);
  useRouteMeta(pathname, 'Cluster type not found | Alpenkube');

  if (!type) {
    return (
      <NotFoundPanel
        title="Cluster type not found"
        backTo={paths.pricing}
        backLabel="See all tiers"
      >
        We do not offer a “{param}” cluster type. The pricing page lists every tier.
      </NotFoundPanel>
    );
  }
  return type === 'additional' ? <AdditionalOffers /> : <TierDetail key={type} type={type} />;
}
