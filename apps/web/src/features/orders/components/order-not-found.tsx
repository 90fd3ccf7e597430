import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** An unknown order, or another organization's (the server answers both with 404). */
export function OrderNotFound({
  title = 'Order not found',
  children,
}: {
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 py-12 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">
        {children ??
          'There is no such order among your organization’s orders. Check the link, or find the order in the list.'}
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to={paths.orders}>All orders</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.orderStatusList}>Open orders</Link>
        </Button>
      </div>
    </div>
  );
}
