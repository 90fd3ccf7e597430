import type { RenderedArticle } from './rendered-article';

/**
 * Article sources, one lazy chunk each (eager: false): the list page ships only the metadata
 * of lib/tutorial-index.ts. The Markdown is for full-text search; a page shows the HTML
 * that the build rendered (build/tutorial-articles).
 */
const bodies = import.meta.glob<string>('./content/*.md', {
  query: '?raw',
  import: 'default',
});
const rendered = import.meta.glob<RenderedArticle>('./content/*.md', {
  query: '?article',
  import: 'default',
});

function keyFor(slug: string): string {
  return `./content/${slug}.md`;
}

export function hasArticleBody(slug: string): boolean {
  return keyFor(slug) in bodies;
}

export async function loadArticle(slug: string): Promise<RenderedArticle | undefined> {
  const load = rendered[keyFor(slug)];
  return load ? load() : undefined;
}

/** Every body, for full-text search; only loaded once someone types a query. */
export async function loadAllArticles(): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(bodies).map(async ([key, load]) => {
      const slug = key.replace(/^.*\/([^/]+)\.md$/, '$1');
      return [slug, await load()] as const;
    }),
  );
  return Object.fromEntries(entries);
}
