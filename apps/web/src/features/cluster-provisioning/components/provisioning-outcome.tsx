import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { Cluster, ClusterEvent } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { failureEvent, provisioningPhase } from '../provisioning-state';

/**
 * How the build ended: a running cluster links to its page; a failed one says why and what was
 * credited back (the platform's last word on the failure), with its order.
 */
export function ProvisioningOutcome({
  cluster,
  events,
}: {
  cluster: Cluster;
  events: ClusterEvent[] | undefined;
}) {
  const phase = provisioningPhase(cluster.status);
  if (phase === 'ready') {
    return (
      <div className="space-y-3">
        <FormAlert variant="success" title={`${cluster.name} is running`}>
          Its Kubernetes API answers at{' '}
          <span className="font-mono break-all text-foreground">
            {cluster.endpoint ?? 'its endpoint'}
          </span>
          .
        </FormAlert>
        <Button asChild>
          <Link to={paths.cluster(cluster.id)}>
            Open the cluster
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    );
  }
  if (phase === 'failed') {
    const failure = events ? failureEvent(events) : null;
    return (
      <FormAlert title="Provisioning failed">
        <div className="space-y-2" data-testid="provisioning-failure">
          <p className="text-foreground">
            {cluster.statusReason ?? 'The provider could not build this cluster.'}
          </p>
          {failure && failure.message !== cluster.statusReason ? (
            <p data-testid="provisioning-refund">{failure.message}</p>
          ) : null}
          {cluster.orderId !== null ? (
            <p>
              <Link
                to={paths.orderStatus(cluster.orderId)}
                className="font-medium text-primary hover:underline"
              >
                See the order and its refund
              </Link>
            </p>
          ) : null}
        </div>
      </FormAlert>
    );
  }
  if (phase === 'gone') {
    return (
      <FormAlert variant="info" title={`${cluster.name} is ${cluster.status}`}>
        It no longer needs building.{' '}
        <Link to={paths.myClusters} className="font-medium text-primary hover:underline">
          Your clusters
        </Link>
      </FormAlert>
    );
  }
  return null;
}
