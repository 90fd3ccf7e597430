import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootPackageJson = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../package.json',
);

/** The product's version: the root package.json's, which every release bumps. */
export const APP_VERSION = (
  JSON.parse(fs.readFileSync(rootPackageJson, 'utf8')) as { version: string }
).version;
