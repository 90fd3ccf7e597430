import type { FaqEntry } from './faq';

function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Entries whose question or answer contains every word of the query (case and accents ignored). */
export function searchFaq(query: string, entries: FaqEntry[]): FaqEntry[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const text = normalize(`${entry.question} ${entry.answer} ${entry.group}`);
    return words.every((word) => text.includes(word));
  });
}
