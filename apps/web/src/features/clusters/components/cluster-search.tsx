import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** How long typing pauses before the list is asked again. */
export const SEARCH_DELAY_MS = 300;

/**
 * The name search: the list follows the text once typing pauses (or at once on Enter), and the
 * field follows the URL when back or forward changes it.
 */
export function ClusterSearch({
  value = '',
  onSearch,
}: {
  value?: string;
  onSearch: (q: string | undefined) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const searched = useRef(value);
  const searchNow = (q: string) => {
    searched.current = q;
    onSearch(q || undefined);
  };
  const searchLater = useEffectEvent(searchNow);

  useEffect(() => {
    // The URL changed under the field (back, a link): show what it searches.
    if (value !== searched.current) {
      searched.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const q = text.trim();
    if (q === searched.current) return;
    const timer = setTimeout(() => searchLater(q), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <form
      role="search"
      className="col-span-2 grid min-w-0 gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        searchNow(text.trim());
      }}
    >
      <Label htmlFor={id}>Name</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          value={text}
          maxLength={63}
          placeholder="Search by name"
          autoComplete="off"
          spellCheck={false}
          className="pl-8"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </form>
  );
}
