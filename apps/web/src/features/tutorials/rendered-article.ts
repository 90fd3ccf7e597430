/** A heading of an article's table of contents; its id is the heading's anchor in the HTML. */
export interface TocEntry {
  id: string;
  text: string;
  depth: number;
}

/**
 * What `import('./content/x.md?article')` yields: the article rendered at build time by
 * apps/web/build/tutorial-articles, so the browser never loads marked or highlight.js.
 */
export interface RenderedArticle {
  html: string;
  toc: TocEntry[];
}
