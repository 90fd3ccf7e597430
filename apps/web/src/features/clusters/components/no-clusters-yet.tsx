import { Link } from 'react-router';
import { Plus, Server } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The organization has no cluster (or only deleted ones): the wizard is the way on. */
export function NoClustersYet() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <Server className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">No clusters yet</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        A cluster appears here as soon as its order is paid, and you can follow it while the
        provider builds it.
      </p>
      <Button asChild>
        <Link to={paths.configureCluster}>
          <Plus aria-hidden="true" />
          Configure a new cluster
        </Link>
      </Button>
    </div>
  );
}
