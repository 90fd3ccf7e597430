import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { reducedClassMerge } from './build/class-merge/class-merge-plugin';
import { publicPageMetaFile } from './build/page-meta-plugin';
import { tutorialArticles } from './build/tutorial-articles/tutorial-articles-plugin';
import { deferAppScript } from './build/defer-app-script-plugin';

const apiTarget = process.env.API_URL ?? 'http://localhost:5000';

// React Router publishes a production build next to the one its package exports; they differ
// only in its development warnings (console messages), about 1 KB gzipped of every page.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    tutorialArticles(),
    publicPageMetaFile(),
    reducedClassMerge(),
    deferAppScript(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
    ],
  },
  server: {
    // The Host header stays the dev server's (no changeOrigin), so the API's same-origin check
    // accepts the browser's Origin; '^/api/' leaves the /api-reference page to the app.
    proxy: {
      '^/api/': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true, changeOrigin: false },
    },
  },
  // The prerender (src/app/prerender) runs in the server from wherever the build was copied: it
  // carries its dependencies rather than resolving them from a node_modules beside it.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: 'dist/ssr', sourcemap: false, emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        sourcemap: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // What every page runs (React, the router, the query cache) in one chunk rather
                  // than several: fewer requests, a little less gzipped code, and a chunk that stays
                  // cached from one release to the next while the app's own code changes.
                  name: 'framework',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
                  priority: 2,
                },
                {
                  name: 'startup',
                  tags: ['$initial'],
                  priority: 1,
                },
              ],
            },
          },
        },
      },
}));
