import fs from 'node:fs';
import path from 'node:path';

/** A public page's own title and description. */
export interface PageMeta {
  title: string;
  description: string;
}

/** The public paths' titles and descriptions, written by the build (web: page-meta-plugin.ts). */
export function readPageMeta(webDist: string): Record<string, PageMeta> {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDist, 'page-meta.json'), 'utf8')) as Record<
      string,
      PageMeta
    >;
  } catch {
    return {};
  }
}
