import { Lexer } from 'marked';
import type { TocEntry } from '../../src/features/tutorials/rendered-article';
import { createSlugger } from './slugger';

/** Plain text of a heading's source: inline code, emphasis and link syntax removed. */
export function headingText(raw: string): string {
  return raw
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .trim();
}

/**
 * The table of contents of an article: its level-2 and level-3 headings. Every heading
 * (of any level) goes through the slugger so ids match those `renderMarkdown` gives.
 */
export function buildToc(markdown: string, maxDepth = 3): TocEntry[] {
  const slug = createSlugger();
  const entries: TocEntry[] = [];
  for (const token of Lexer.lex(markdown)) {
    if (token.type !== 'heading') continue;
    const text = headingText(token.text);
    const id = slug(text);
    if (token.depth >= 2 && token.depth <= maxDepth) entries.push({ id, text, depth: token.depth });
  }
  return entries;
}
