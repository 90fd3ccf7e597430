// Writes the title and description of every public path into the built web app, where the
// server reads them to fill the HTML it sends for each path (and to list them in sitemap.xml).
import fs from 'node:fs';
import path from 'node:path';
import { publicPageMeta } from '../apps/web/src/features/public-site/page-meta.ts';

const file = path.resolve(import.meta.dirname, '../apps/web/dist/page-meta.json');
fs.writeFileSync(file, JSON.stringify(publicPageMeta));
console.log(
  `page metadata of ${Object.keys(publicPageMeta).length} public paths → ${path.relative(process.cwd(), file)}`,
);
