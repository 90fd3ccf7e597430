import type { TutorialMeta } from '@/lib/tutorial-index';

export interface SearchHit {
  tutorial: TutorialMeta;
  score: number;
  /** A short extract of the body around the first match, when the body matched. */
  snippet?: string;
}

function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Markdown to plain-ish text so snippets do not show fences and link syntax. */
function plain(markdown: string): string {
  return markdown
    .replace(/```[a-z]*\n?/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*`|>]/g, ' ')
    .replace(/\s+/g, ' ');
}

function snippetAround(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 60);
  const end = Math.min(text.length, index + length + 80);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/**
 * Ranks tutorials for a query. Every word of the query must appear somewhere (title,
 * summary, category or body); title matches weigh most, body matches least.
 * Bodies are optional: without them the search still works on the metadata.
 */
export function searchTutorials(
  query: string,
  list: TutorialMeta[],
  bodies: Record<string, string> = {},
): SearchHit[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return list.map((tutorial) => ({ tutorial, score: 0 }));

  const hits: SearchHit[] = [];
  for (const tutorial of list) {
    const title = normalize(tutorial.title);
    const summary = normalize(`${tutorial.summary} ${tutorial.category}`);
    const bodyText = bodies[tutorial.slug] ? plain(bodies[tutorial.slug]!) : '';
    const body = normalize(bodyText);
    let score = 0;
    let snippet: string | undefined;
    let allFound = true;
    for (const word of words) {
      const inTitle = title.includes(word);
      const inSummary = summary.includes(word);
      const bodyIndex = body.indexOf(word);
      if (!inTitle && !inSummary && bodyIndex < 0) {
        allFound = false;
        break;
      }
      score += (inTitle ? 10 : 0) + (inSummary ? 4 : 0);
      if (bodyIndex >= 0) {
        score += Math.min(5, body.split(word).length - 1);
        snippet ??= snippetAround(bodyText, bodyIndex, word.length);
      }
    }
    if (allFound) hits.push({ tutorial, score, snippet });
  }
  return hits.sort((a, b) => b.score - a.score);
}
