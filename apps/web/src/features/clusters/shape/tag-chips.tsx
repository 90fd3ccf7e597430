import { Link } from 'react-router';
import { Tag } from 'lucide-react';

/**
 * A cluster's tags as small chips, each a link to the clusters that carry it (the list filtered
 * by the tag). Nothing when it has none.
 */
export function TagChips({ tags, label }: { tags: readonly string[]; label: string }) {
  if (!tags.length) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={`/my-clusters?tag=${encodeURIComponent(tag)}`}
            className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 font-mono text-xs whitespace-nowrap hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            title={`Clusters tagged ${tag}`}
          >
            <Tag aria-hidden="true" className="size-3" />
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
