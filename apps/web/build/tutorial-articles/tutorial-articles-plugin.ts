import fs from 'node:fs/promises';
import type { Plugin } from 'vite';
import type { RenderedArticle } from '../../src/features/tutorials/rendered-article';
import { renderMarkdown } from './render-markdown';
import { buildToc } from './toc';

const ARTICLE_QUERY = '?article';

/**
 * `import('./x.md?article')` yields the article already rendered, at build time: the browser
 * gets HTML and its table of contents, and never downloads marked or highlight.js.
 */
export function tutorialArticles(): Plugin {
  return {
    name: 'alpenkube-tutorial-articles',
    async load(id) {
      if (!id.endsWith(`.md${ARTICLE_QUERY}`)) return null;
      const file = id.slice(0, -ARTICLE_QUERY.length);
      this.addWatchFile(file);
      const markdown = await fs.readFile(file, 'utf8');
      const article: RenderedArticle = { html: renderMarkdown(markdown), toc: buildToc(markdown) };
      return `export default ${JSON.stringify(article)};`;
    },
  };
}
