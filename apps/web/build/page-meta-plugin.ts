import type { Plugin } from 'vite';
import { publicPageMeta } from '../src/lib/page-meta/page-meta';

/**
 * Writes `page-meta.json` (every public path's title and description) beside index.html in
 * each build, where the server reads it to fill the HTML it sends for that path. With it, the
 * first page never downloads the metadata table (see `lib/page-meta/use-page-meta.ts`), whichever way the
 * app was built.
 */
export function publicPageMetaFile(): Plugin {
  return {
    name: 'alpenkube-public-page-meta',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'page-meta.json',
        source: JSON.stringify(publicPageMeta),
      });
    },
  };
}
