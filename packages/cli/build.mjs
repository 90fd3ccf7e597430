// Bundles the command, the typed client and its dependencies into one file that runs on Node
// alone: what `npm pack` puts in the tarball. An argument names another file to write (tests).
import { build } from 'esbuild';

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: process.argv[2] ?? new URL('./dist/alpenkube.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  // commander is CommonJS: its require() of Node's modules needs one in an ES module.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
