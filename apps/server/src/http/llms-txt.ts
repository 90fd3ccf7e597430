import type { PageMeta } from './page-meta.ts';

/**
 * `/llms.txt` (llmstxt.org): the public site as a language model reads it, from the same titles
 * and descriptions the build writes for every public page (and the sitemap lists). An alias of a
 * page (`/blue-cluster` for `/cluster-types/blue`) is listed once, under its first path.
 */
export function llmsTxt(origin: string, pageMeta: Record<string, PageMeta>): string {
  const home = pageMeta['/'];
  const seen = new Set<string>();
  const sections = new Map<string, string[]>([
    ['Documentation', []],
    ['Cluster types', []],
    ['Pages', []],
  ]);
  for (const [path, meta] of Object.entries(pageMeta)) {
    if (path === '/') continue;
    const key = `${meta.title}\n${meta.description}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const section =
      path.startsWith('/tutorials') || path === '/documentation' || path === '/api-reference'
        ? 'Documentation'
        : path.startsWith('/cluster-types/')
          ? 'Cluster types'
          : 'Pages';
    sections
      .get(section)!
      .push(`- [${linkText(meta.title)}](${origin}${path}): ${oneLine(meta.description)}`);
  }
  sections
    .get('Documentation')!
    .push(`- [OpenAPI document](${origin}/api/openapi.json): every operation of the platform API`);
  const lines = [`# ${home ? linkText(home.title).split(' · ')[0] : 'Alpenkube'}`, ''];
  if (home) lines.push(`> ${oneLine(home.description)}`, '');
  for (const [title, links] of sections) {
    if (links.length === 0) continue;
    lines.push(`## ${title}`, '', ...links, '');
  }
  return lines.join('\n');
}

/** A page title without the site's suffix, and nothing that would end a Markdown link early. */
const linkText = (title: string) => title.replace(/ \| Alpenkube$/, '').replace(/[[\]]/g, '');
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
