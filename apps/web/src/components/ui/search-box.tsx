import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** A search field with a magnifier; the page keeps the query and filters as it changes. */
export function SearchBox({
  value,
  onValueChange,
  label,
  placeholder,
  large = false,
  className,
}: {
  value: string;
  onValueChange: (value: string) => void;
  /** The accessible name: the box has no visible label. */
  label: string;
  placeholder: string;
  /** The taller box of a page's main search. */
  large?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className={cn('pl-9', large && 'h-11 text-base')}
      />
    </div>
  );
}
