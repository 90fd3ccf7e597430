// Writes .br and .gz beside every text asset of the built web app, so the server sends them
// pre-compressed (no compression work per request).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|map|md)$/;
let files = 0;
let saved = 0;

// The prerender (ssr/) runs in the server and is never sent.
const prerender = path.join(dist, 'ssr');

for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  if (entry.parentPath.startsWith(prerender)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const raw = fs.readFileSync(file);
  if (raw.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(raw, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
  files += 1;
  saved += raw.length - brotli.length;
}
console.log(`compressed ${files} files (brotli saves ${Math.round(saved / 1024)} KiB)`);
