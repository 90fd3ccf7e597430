import fs from 'node:fs';
import path from 'node:path';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Test files that replace a module (`vi.mock`): they need a module registry of their own, the
 * rest share one per worker. A fresh jsdom and registry per file cost four fifths of the run.
 */
export const mockingTestFiles = fs
  .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => fs.readFileSync(path.join(root, 'src', file), 'utf8').includes('vi.mock('))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

/** A project of the web app's unit tests: jsdom, run from the root with `--project <name>`. */
const webProject = (
  name: string,
  files: { include: string[]; exclude: string[] },
  isolate: boolean,
) =>
  defineProject({
    plugins: [react()],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    test: {
      name,
      root,
      environment: 'jsdom',
      ...files,
      isolate,
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      // A dialog driven key by key through userEvent takes a few seconds on a busy 2-core run.
      testTimeout: 15_000,
      // Vitest's default leaves one of a 2-core machine's cores idle; jsdom files are CPU-bound.
      maxWorkers: 2,
    },
  });

/** The files that mock modules, each with modules of its own (`--project web-mocked`). */
export const webMockedProject = webProject(
  'web-mocked',
  { include: mockingTestFiles, exclude: [] },
  true,
);

/** Every other web test file, sharing a worker's modules (`--project web`). */
export default webProject(
  'web',
  { include: ['src/**/*.test.{ts,tsx}'], exclude: mockingTestFiles },
  false,
);
