import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The failure panel of a public page's query: the server's message and a retry. */
export function QueryError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const message = error instanceof Error ? error.message : 'The server could not be reached.';
  return (
    <div
      role="alert"
      className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-sm"
    >
      <p className="flex items-center gap-2 font-semibold text-destructive">
        <AlertTriangle className="size-4" aria-hidden="true" /> {title}
      </p>
      <p className="mt-2 text-muted-foreground">{message}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** Placeholder boxes with the rough shape of cards, shown while a list loads. */
export function CardSkeletons({
  count,
  className = 'h-96',
}: {
  count: number;
  className?: string;
}) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          className={`animate-pulse rounded-2xl border border-border bg-muted/50 ${className}`}
        />
      ))}
    </>
  );
}
