#!/usr/bin/env node
// In the repository the command runs from its TypeScript source; installed from its tarball
// (no src), from the bundle `npm pack` built.
import { existsSync } from 'node:fs';

const source = new URL('../src/main.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../dist/alpenkube.js', import.meta.url).href);
}
