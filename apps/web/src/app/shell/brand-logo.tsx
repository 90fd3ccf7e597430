import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/** The wordmark: a stylised peak in a rounded square, linking home. */
export function BrandLogo({
  className,
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  return (
    <Link
      to={paths.home}
      className={cn('flex items-center gap-2 rounded-md font-semibold tracking-tight', className)}
      aria-label="Alpenkube home"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <svg viewBox="0 0 24 24" className="size-5" fill="none" aria-hidden="true">
          <path
            d="M3 19 9.5 8l3.5 6 2-3.5L21 19H3Z"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      {compact ? null : <span className="text-lg">Alpenkube</span>}
    </Link>
  );
}
