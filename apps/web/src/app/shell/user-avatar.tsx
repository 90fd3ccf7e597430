import { cn } from '@/lib/cn';

/** The round initial standing for the signed-in user. */
export function UserAvatar({ initial, className }: { initial: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground',
        className,
      )}
    >
      {initial}
    </span>
  );
}
