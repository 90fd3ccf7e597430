import fs from 'node:fs';
import path from 'node:path';
import { getDefaultConfig } from 'tailwind-merge';
import { createClassGroupLookup, type AnyConfig } from 'tailwind-merge/unstable-do-not-import';

// Every file Tailwind could find classes in; binary files only are left out.
const BINARY = /\.(png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|eot|pdf|zip|gz|br)$/i;

/**
 * Every word of the web app's files that could be a class, split several ways so that none is
 * missed: by blanks and quotes only (keeps `bg-[radial-gradient(a,b)]` whole), also at brackets,
 * commas and `=` (finds `flex` in `className="flex`), and also at dots and colons (`transform` in
 * `.transform(`). Taking too many only costs bytes.
 */
export function classCandidates(roots: string[]): Set<string> {
  const words = new Set<string>();
  const visit = (file: string) => {
    const stat = fs.statSync(file);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(file)) {
        if (name !== 'node_modules' && name !== 'dist' && !name.startsWith('.')) {
          visit(path.join(file, name));
        }
      }
      return;
    }
    if (BINARY.test(file)) return;
    const text = fs.readFileSync(file, 'utf8');
    for (const separators of [/[\s'"`]+/, /[\s'"`{}(),;<>=]+/, /[\s'"`{}(),;<>=.:]+/]) {
      for (const word of text.split(separators)) if (word) words.add(word);
    }
  };
  for (const root of roots) visit(root);
  return words;
}

/**
 * The tailwind-merge class groups these words reach when merged under the default
 * configuration: every lookup the merge makes for a word (`bg-primary/90` is looked up with and
 * without its postfix), as tailwind-merge's own build-time lookup reports them.
 */
export function usedClassGroups(
  words: Iterable<string>,
  config: AnyConfig = getDefaultConfig(),
): Set<string> {
  const lookup = createClassGroupLookup(config);
  const groups = new Set<string>();
  for (const word of words) {
    for (const { classGroupId } of lookup(word)) {
      if (classGroupId in config.classGroups) groups.add(classGroupId);
    }
  }
  return groups;
}
