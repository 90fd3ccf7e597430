import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Shown inside a public page when its parameter names nothing (unknown tutorial, cluster type). */
export function NotFoundPanel({
  title,
  children,
  backTo,
  backLabel,
}: {
  title: string;
  children: ReactNode;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
      <div className="mt-3 text-muted-foreground">{children}</div>
      <Button asChild className="mt-8">
        <Link to={backTo}>{backLabel}</Link>
      </Button>
    </div>
  );
}
