import { Link, useLocation } from 'react-router';
import { Compass } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-3 text-muted-foreground">
        There is no page at{' '}
        <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{pathname}</code>. It may have
        moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.home}>Back to home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.documentation}>Read the documentation</Link>
        </Button>
      </div>
    </section>
  );
}
