import { Link } from 'react-router';
import { ArrowLeft, ArrowRight, Construction } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { placeholderCatalog, type PlaceholderKey } from './placeholder-catalog';

type PlaceholderPageProps = {
  entry: PlaceholderKey;
  /** Overrides the catalog title, e.g. with a provider name. */
  title?: string;
  next?: { to: string; label: string; direction: 'forward' | 'back' };
};

/** A page a later release fills: its title and purpose, stated plainly, in the right layout. */
export function PlaceholderPage({ entry, title, next }: PlaceholderPageProps) {
  const { title: catalogTitle, purpose, planned } = placeholderCatalog[entry];
  const heading = title ?? catalogTitle;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{heading}</h1>
          <Badge variant="secondary">In development</Badge>
        </div>
        <p className="text-muted-foreground">{purpose}</p>
      </header>
      <Card>
        <CardHeader>
          <div className="flex items-center gap-3">
            <span className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Construction className="size-5" aria-hidden="true" />
            </span>
            <div>
              <CardTitle className="text-base">This page is being built</CardTitle>
              <CardDescription>
                It arrives in an upcoming release. Here is what it will hold:
              </CardDescription>
            </div>
          </div>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 text-sm sm:grid-cols-2">
            {planned.map((item) => (
              <li key={item} className="flex items-start gap-2">
                <span
                  className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary"
                  aria-hidden="true"
                />
                {item}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {next ? (
        <Button asChild variant="outline">
          <Link to={next.to}>
            {next.direction === 'back' ? <ArrowLeft /> : null}
            {next.label}
            {next.direction === 'forward' ? <ArrowRight /> : null}
          </Link>
        </Button>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Need something now?{' '}
        <Link to={paths.support} className="font-medium text-primary hover:underline">
          Contact support
        </Link>
        .
      </p>
    </div>
  );
}
