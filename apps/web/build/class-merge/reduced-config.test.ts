import { createRequire } from 'node:module';
import path from 'node:path';
import {
  createTailwindMerge,
  fromTheme,
  getDefaultConfig,
  twMerge,
  validators,
} from 'tailwind-merge';
import {
  createClassGroupLookup,
  createClassGroupUtils,
  type AnyConfig,
} from 'tailwind-merge/unstable-do-not-import';
import { describe, expect, it } from 'vitest';
import { configExpression, reducedConfig } from './reduced-config';
import { classCandidates, usedClassGroups } from './used-class-groups';

const webRoot = path.resolve(__dirname, '../..');

// What the build does (class-merge-plugin.ts), then the configuration read back from its source.
const words = classCandidates([webRoot]);
const groups = usedClassGroups(words);
const built = new Function('t', 'v', `return (${configExpression(reducedConfig(groups))});`)(
  fromTheme,
  validators,
) as AnyConfig;
const reducedMerge = createTailwindMerge(() => built);
const full = getDefaultConfig();

/** Tailwind's own list of the classes it finds in the package (what gets CSS). */
function tailwindCandidates(): string[] {
  // Resolved as @tailwindcss/vite resolves it: the scanner is its dependency, not ours.
  const fromVitePlugin = createRequire(createRequire(__filename).resolve('@tailwindcss/vite'));
  const { Scanner } = fromVitePlugin('@tailwindcss/oxide') as {
    Scanner: new (options: { sources: { base: string; pattern: string; negated: boolean }[] }) => {
      scan(): string[];
    };
  };
  return new Scanner({ sources: [{ base: webRoot, pattern: '**/*', negated: false }] }).scan();
}

describe('the reduced tailwind-merge configuration of the build', () => {
  it('is much smaller than the default one and still knows the common groups', () => {
    expect(groups.size).toBeLessThan(Object.keys(full.classGroups).length / 2);
    for (const group of ['p', 'px', 'bg-color', 'text-color', 'font-size', 'rounded', 'h', 'w']) {
      expect(groups.has(group), group).toBe(true);
    }
  });

  it('puts every class Tailwind finds in the web app in the group the full configuration does', () => {
    const candidates = [...new Set([...words, ...tailwindCandidates()])];
    const reducedLookup = createClassGroupLookup(built);
    const fullLookup = createClassGroupLookup(full);
    const differing = candidates.filter(
      (word) => JSON.stringify(reducedLookup(word)) !== JSON.stringify(fullLookup(word)),
    );
    expect(differing).toEqual([]);
  });

  it('has the same conflicts between the groups it keeps', () => {
    const reduced = createClassGroupUtils(built);
    const whole = createClassGroupUtils(full);
    for (const group of groups) {
      for (const postfix of [false, true]) {
        const expected = whole
          .getConflictingClassGroupIds(group, postfix)
          .filter((other) => groups.has(other));
        expect([...reduced.getConflictingClassGroupIds(group, postfix)].sort(), group).toEqual(
          [...expected].sort(),
        );
      }
    }
  });

  it('merges like twMerge: className overrides of the ui components and pairs of app classes', () => {
    const cases = [
      'p-6 pt-0 p-4',
      'flex flex-col gap-1.5 p-6 gap-0 px-4',
      'inline-flex h-9 px-4 py-2 bg-primary hover:bg-primary/90 h-8 px-3 text-xs w-full',
      'rounded-xl border bg-card shadow-sm border-0 shadow-none rounded-none',
      'text-sm text-muted-foreground text-base text-foreground',
      'size-9 h-10 w-10',
      'hidden md:flex max-sm:hidden sm:block',
      '[&_svg]:size-4 [&_svg]:size-3 focus-visible:ring-2 focus-visible:ring-0',
    ];
    const list = [...words].filter((word) => word.length < 40).sort();
    // A deterministic spread of pairs across every word of the app.
    for (let index = 0; index < list.length; index += 1) {
      cases.push(`${list[index]} ${list[(index * 7919 + 13) % list.length]}`);
    }
    const differing = cases.filter((classes) => reducedMerge(classes) !== twMerge(classes));
    expect(differing).toEqual([]);
  });
});

// The generator reads the package the way the build does: check the path it is given is right.
it('scans the web package', () => {
  expect(path.basename(webRoot)).toBe('web');
  expect(words.has('bg-primary')).toBe(true);
});
