import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** An unknown cluster, or another organization's (the server answers both with 404). */
export function ClusterNotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 py-12 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-semibold tracking-tight">Cluster not found</h1>
      <p className="text-muted-foreground">
        There is no such cluster among your organization’s clusters. Check the link, or find the
        cluster in the list.
      </p>
      <Button asChild className="mt-2">
        <Link to={paths.myClusters}>Show all clusters</Link>
      </Button>
    </div>
  );
}
