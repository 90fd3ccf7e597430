import { describe, expect, it } from 'vitest';
import { buildToc } from './toc';
import { renderMarkdown } from './render-markdown';
import { slugify, createSlugger } from './slugger';

const sample = `Intro text.

## Before you start

### The \`kubectl\` client

## Read [the docs](/tutorials)

#### Deep detail

## Before you start
`;

describe('slugify', () => {
  it('lowercases, drops punctuation and accents, and dashes spaces', () => {
    expect(slugify('HDS (French health-data hosting)')).toBe('hds-french-health-data-hosting');
    expect(slugify('Hébergeur de Données')).toBe('hebergeur-de-donnees');
  });

  it('numbers repeated headings', () => {
    const slug = createSlugger();
    expect([slug('Setup'), slug('Setup'), slug('Setup')]).toEqual(['setup', 'setup-2', 'setup-3']);
  });
});

describe('buildToc', () => {
  it('lists level-2 and level-3 headings as plain text with unique ids', () => {
    expect(buildToc(sample)).toEqual([
      { id: 'before-you-start', text: 'Before you start', depth: 2 },
      { id: 'the-kubectl-client', text: 'The kubectl client', depth: 3 },
      { id: 'read-the-docs', text: 'Read the docs', depth: 2 },
      { id: 'before-you-start-2', text: 'Before you start', depth: 2 },
    ]);
  });

  it('gives the ids the rendered article uses, so every entry links to a heading', () => {
    const html = renderMarkdown(sample);
    for (const entry of buildToc(sample)) expect(html).toContain(`id="${entry.id}"`);
    // The level-4 heading consumed its own id without shifting the later ones.
    expect(html).toContain('id="deep-detail"');
  });
});

describe('renderMarkdown', () => {
  it('highlights known languages and escapes unknown ones', () => {
    const html = renderMarkdown('```yaml\nkind: Pod\n```\n\n```text\n<b>x</b>\n```');
    expect(html).toContain('class="hljs-attr"');
    expect(html).toContain('&#60;b&#62;x&#60;/b&#62;');
  });

  it('opens external links in a new tab and keeps internal ones in the app', () => {
    const html = renderMarkdown('[a](https://velero.io) [b](/pricing)');
    expect(html).toContain('href="https://velero.io" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('<a href="/pricing">b</a>');
  });
});
