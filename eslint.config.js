import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const webSrc = 'apps/web/src';
const webFeatures = readdirSync(new URL(`./${webSrc}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const sharedWebFolders = ['components', 'config', 'hooks', 'lib', 'test'].map(
  (folder) => `${webSrc}/${folder}`,
);

const serverSrc = 'apps/server/src';
const serverModules = readdirSync(new URL(`./${serverSrc}/modules`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleIndexes = (except) =>
  serverModules.filter((name) => name !== except).map((name) => `./${name}/index.ts`);
const moduleSchemas = (except) =>
  serverModules.filter((name) => name !== except).map((name) => `./${name}/schema.ts`);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/scratch/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The web app's layers flow one way: shared (components, config, hooks, lib, test) →
    // features → app. See docs/architecture.md, "Layers".
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript too, or no-cycle would not follow them.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: sharedWebFolders,
              from: [`${webSrc}/features`, `${webSrc}/app`],
              message: 'Shared code imports no feature and no app code.',
            },
            {
              target: `${webSrc}/features`,
              from: `${webSrc}/app`,
              message: 'A feature does not import the app layer: compose in src/app instead.',
            },
            // One zone per feature, from the folder list: a new feature is covered by itself.
            ...webFeatures.map((feature) => ({
              target: `${webSrc}/features/${feature}`,
              from: `${webSrc}/features`,
              except: [`./${feature}`],
              message: 'A feature does not import another feature: compose them in src/app.',
            })),
            {
              target: webSrc,
              from: 'apps/web/build',
              message: 'The app imports nothing of its build: the Vite plugins run in Node.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers: infrastructure (http, db, jobs, lib) depends on no module; a module
    // uses another only through its index.ts; the app (app.ts, services.ts…) composes them.
    files: [`${serverSrc}/**/*.ts`],
    ignores: [`${serverSrc}/**/*.test.ts`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              // db/schema.ts gathers every owner's tables for drizzle-kit and the tests.
              target: [
                ...['http', 'files', 'jobs', 'lib'].map((folder) => `${serverSrc}/${folder}`),
                `${serverSrc}/db/!(schema).ts`,
              ],
              from: `${serverSrc}/modules`,
              message: 'Infrastructure depends on no module: pass what it needs in instead.',
            },
            {
              target: `${serverSrc}/*.ts`,
              from: `${serverSrc}/modules`,
              except: moduleIndexes(),
              message: "The app uses a module through its index.ts, never a module's inner files.",
            },
            ...serverModules.map((name) => ({
              target: `${serverSrc}/modules/${name}`,
              from: `${serverSrc}/modules`,
              // Which module may import which schema file is dependency-cruiser's rule.
              except: [`./${name}`, ...moduleIndexes(name), ...moduleSchemas(name)],
              message: 'A module uses another only through its index.ts.',
            })),
          ],
        },
      ],
    },
  },
);
