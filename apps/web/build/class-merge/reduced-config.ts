import { getDefaultConfig, validators } from 'tailwind-merge';
import type { AnyConfig } from 'tailwind-merge/unstable-do-not-import';

type Definition = AnyConfig['classGroups'][string][number];
type ThemeGetter = Extract<Definition, { isThemeGetter: true }>;

/**
 * tailwind-merge's default configuration restricted to these class groups. The groups keep their
 * order (it decides which group a class falls in when two could take it) and conflicts name
 * kept groups only: a class of a dropped group cannot occur.
 */
export function reducedConfig(groups: Set<string>, config = getDefaultConfig()): AnyConfig {
  const kept = (record: Partial<Record<string, readonly string[]>>) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([id]) => groups.has(id))
        .map(([id, ids]) => [id, (ids ?? []).filter((other) => groups.has(other))] as const)
        .filter(([, ids]) => ids.length > 0),
    );
  return {
    ...config,
    classGroups: Object.fromEntries(
      Object.entries(config.classGroups).filter(([id]) => groups.has(id)),
    ),
    conflictingClassGroups: kept(config.conflictingClassGroups),
    conflictingClassGroupModifiers: kept(config.conflictingClassGroupModifiers),
    postfixLookupClassGroups: (config.postfixLookupClassGroups ?? []).filter((id) =>
      groups.has(id),
    ),
  };
}

const validatorNames = new Map<unknown, string>(
  Object.entries(validators).map(([name, validator]) => [validator, name]),
);

function themeKeyOf(getter: ThemeGetter): string {
  if (getter.themeKey) return getter.themeKey;
  let key: string | undefined;
  getter(
    new Proxy({} as Parameters<ThemeGetter>[0], {
      get: (_, property) => {
        key = String(property);
        return [];
      },
    }),
  );
  if (!key) throw new Error('A tailwind-merge theme getter read no theme key');
  return key;
}

/**
 * JavaScript source of an expression that builds this configuration, where `t` is tailwind-merge's
 * `fromTheme` and `v` its `validators`. Only the theme scales the class groups read are written.
 * Anything it cannot write (a function that is neither a validator nor a theme getter) throws, so
 * a tailwind-merge release that changes its configuration's shape fails the build.
 */
export function configExpression(config: AnyConfig): string {
  const themeKeys = new Set<string>();
  const write = (value: unknown): string => {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      return JSON.stringify(value);
    }
    if (typeof value === 'function') {
      const validator = validatorNames.get(value);
      if (validator) return `v.${validator}`;
      if ((value as Partial<ThemeGetter>).isThemeGetter) {
        const key = themeKeyOf(value as ThemeGetter);
        themeKeys.add(key);
        return `t(${JSON.stringify(key)})`;
      }
      throw new Error(
        `A tailwind-merge configuration function cannot be written: ${String(value)}`,
      );
    }
    if (Array.isArray(value)) return `[${value.map(write).join(',')}]`;
    if (value && typeof value === 'object') {
      const entries = Object.entries(value).filter(([, item]) => item !== undefined);
      return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${write(item)}`).join(',')}}`;
    }
    throw new Error(`A tailwind-merge configuration value cannot be written: ${String(value)}`);
  };

  const { theme, ...rest } = config;
  const body = Object.entries(rest)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${JSON.stringify(key)}:${write(value)}`);
  // Theme scales may read other scales: write until no new key appears.
  const scales = new Map<string, string>();
  for (let added = true; added;) {
    added = false;
    for (const key of [...themeKeys]) {
      if (scales.has(key)) continue;
      scales.set(key, write(theme[key] ?? []));
      added = true;
    }
  }
  const themeSource = [...scales].map(([key, source]) => `${JSON.stringify(key)}:${source}`);
  return `{"theme":{${themeSource.join(',')}},${body.join(',')}}`;
}

/** The module that replaces `tailwind-merge` for lib/cn.ts in a build: its `twMerge`, reduced. */
export function reducedTailwindMergeModule(groups: Set<string>): string {
  return [
    "import { createTailwindMerge, fromTheme as t, validators as v } from 'tailwind-merge';",
    `export const twMerge = createTailwindMerge(() => (${configExpression(reducedConfig(groups))}));`,
  ].join('\n');
}
