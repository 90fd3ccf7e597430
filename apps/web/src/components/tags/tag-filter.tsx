import { useEffect, useId, useState } from 'react';
import { Tag } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A tag as the API takes it, or undefined: lowercase letters, digits, -, _ and :. */
export function tagFilterOf(value: string | null | undefined): string | undefined {
  const tag = (value ?? '').trim().toLowerCase();
  return /^[a-z0-9][a-z0-9:_-]{0,31}$/.test(tag) ? tag : undefined;
}

/**
 * The tag filter: the list (or the report) follows it on Enter or when the field is left, and
 * the field follows the URL when back or forward changes it.
 */
export function TagFilter({
  value = '',
  onChange,
  className,
}: {
  value?: string;
  onChange: (tag: string | undefined) => void;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = () => {
    const tag = tagFilterOf(text);
    if ((tag ?? '') !== value) onChange(tag);
    if (!tag && text.trim()) setText(value);
  };
  return (
    <form
      className={className ?? 'grid min-w-0 gap-1.5'}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Label htmlFor={id}>Tag</Label>
      <div className="relative">
        <Tag
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          value={text}
          maxLength={32}
          placeholder="e.g. team:web"
          autoComplete="off"
          spellCheck={false}
          className="pl-8 font-mono"
          onChange={(event) => setText(event.target.value)}
          onBlur={apply}
        />
      </div>
    </form>
  );
}
