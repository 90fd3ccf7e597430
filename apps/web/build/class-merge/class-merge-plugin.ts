import path from 'node:path';
import type { Plugin } from 'vite';
import { reducedTailwindMergeModule } from './reduced-config';
import { classCandidates, usedClassGroups } from './used-class-groups';

const REDUCED_ID = '\0alpenkube:reduced-tailwind-merge';

/**
 * In a build, `lib/cn.ts` gets a `twMerge` whose configuration holds only the class groups the
 * web app's files use (about a third of tailwind-merge's default configuration, 3 KB gzipped
 * less on every page). It merges those classes exactly as the full one does; a class of another
 * group is one no file names, so Tailwind generates no CSS for it either. The development server
 * and the unit tests use the full `twMerge`; `reduced-config.test.ts` checks the two agree.
 */
export function reducedClassMerge(): Plugin {
  let root = '';
  let cnFile = '';
  let source = '';
  return {
    name: 'alpenkube-reduced-class-merge',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      cnFile = path.join(root, 'src/lib/cn.ts');
    },
    buildStart() {
      // The whole package, as Tailwind scans it: sources, tests, index.html, content.
      source = reducedTailwindMergeModule(usedClassGroups(classCandidates([root])));
    },
    resolveId(id, importer) {
      if (id === 'tailwind-merge' && importer && path.normalize(importer) === cnFile) {
        return REDUCED_ID;
      }
      return null;
    },
    load(id) {
      return id === REDUCED_ID ? source : null;
    },
  };
}
