import { describe, expect, it } from 'vitest';
import { findTutorial, tutorials } from '@/lib/tutorial-index';
import { searchTutorials } from './search';

// Every article body, read the way the app reads them (Vite's glob), eagerly for the test.
const files = import.meta.glob<string>('./content/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const bodies = Object.fromEntries(
  Object.entries(files).map(([path, body]) => [path.replace(/^.*\/([^/]+)\.md$/, '$1'), body]),
);

describe('tutorial content', () => {
  it('has at least 12 articles, each with a body, and no body without metadata', () => {
    expect(tutorials.length).toBeGreaterThanOrEqual(12);
    expect(Object.keys(bodies).sort()).toEqual(tutorials.map((t) => t.slug).sort());
  });

  it('has unique slugs and finds them, and nothing for unknown ones', () => {
    expect(new Set(tutorials.map((t) => t.slug)).size).toBe(tutorials.length);
    expect(findTutorial('kubeconfig')?.title).toMatch(/kubeconfig/i);
    expect(findTutorial('no-such-guide')).toBeUndefined();
    expect(findTutorial(undefined)).toBeUndefined();
  });

  it('links only to tutorials that exist', () => {
    for (const body of Object.values(bodies)) {
      for (const [, slug] of body.matchAll(/\]\(\/tutorials\/([a-z0-9-]+)/g)) {
        expect(findTutorial(slug), `link to ${slug}`).toBeDefined();
      }
    }
  });
});

describe('searchTutorials', () => {
  it('returns every tutorial for an empty query', () => {
    expect(searchTutorials('  ', tutorials)).toHaveLength(tutorials.length);
  });

  it('ranks title matches first', () => {
    const [first] = searchTutorials('kubeconfig', tutorials, bodies);
    expect(first?.tutorial.slug).toBe('kubeconfig');
  });

  it('finds words that only appear in a body, with a snippet', () => {
    const metaOnly = searchTutorials('pluto', tutorials);
    expect(metaOnly).toHaveLength(0);
    const hits = searchTutorials('pluto', tutorials, bodies);
    expect(hits.map((h) => h.tutorial.slug)).toEqual(['upgrades']);
    expect(hits[0]?.snippet).toMatch(/pluto/i);
  });

  it('requires every word and ignores case and accents', () => {
    const hits = searchTutorials('VELERO restore', tutorials, bodies).map((h) => h.tutorial.slug);
    expect(hits).toContain('backups');
    expect(hits).toContain('migration');
    expect(searchTutorials('velero zzzz', tutorials, bodies)).toHaveLength(0);
    expect(searchTutorials('hebergeur', tutorials, bodies)[0]?.tutorial.slug).toBe(
      'security-and-compliance',
    );
  });
});
