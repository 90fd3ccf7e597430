/**
 * Label and field selectors, as `kubectl get -l …` and `--field-selector …` send them. The label
 * grammar is the API server's: `k=v`, `k==v`, `k!=v`, `k`, `!k`, `k in (a,b)`, `k notin (a,b)`,
 * `k>1`, `k<1`, joined by commas; fields take `=`, `==` and `!=` only.
 */
export class SelectorError extends Error {}

type Matcher = (values: Record<string, string>) => boolean;

const LABEL_KEY = /^([a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const LABEL_VALUE = /^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$/;

/** Splits at the commas that separate requirements, not those inside `in (a,b)`. */
function requirements(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of selector) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter(Boolean);
}

function checkKey(key: string, requirement: string) {
  if (!LABEL_KEY.test(key)) {
    throw new SelectorError(
      `unable to parse requirement: invalid label key "${key}" in "${requirement}"`,
    );
  }
}

function checkValue(value: string, requirement: string) {
  if (!LABEL_VALUE.test(value)) {
    throw new SelectorError(
      `unable to parse requirement: invalid label value "${value}" in "${requirement}"`,
    );
  }
}

function labelRequirement(requirement: string): Matcher {
  const set = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(requirement);
  if (set) {
    const [, key = '', operator, list = ''] = set;
    checkKey(key, requirement);
    const values = new Set(list.split(',').map((value) => value.trim()));
    for (const value of values) checkValue(value, requirement);
    return operator === 'in'
      ? (labels) => key in labels && values.has(labels[key]!)
      : (labels) => !(key in labels) || !values.has(labels[key]!);
  }
  const comparison = /^([^=!<>\s]+)\s*(==|=|!=|<|>)\s*(.*)$/.exec(requirement);
  if (comparison) {
    const [, key = '', operator, value = ''] = comparison;
    checkKey(key, requirement);
    if (operator === '<' || operator === '>') {
      const bound = Number(value);
      if (!/^-?\d+$/.test(value)) {
        throw new SelectorError(`unable to parse requirement: "${value}" is not an integer`);
      }
      return (labels) => {
        const actual = labels[key];
        if (actual === undefined || !/^-?\d+$/.test(actual)) return false;
        return operator === '<' ? Number(actual) < bound : Number(actual) > bound;
      };
    }
    checkValue(value, requirement);
    return operator === '!='
      ? (labels) => labels[key] !== value
      : (labels) => labels[key] === value;
  }
  const absent = requirement.startsWith('!');
  const key = absent ? requirement.slice(1).trim() : requirement;
  checkKey(key, requirement);
  return absent ? (labels) => !(key in labels) : (labels) => key in labels;
}

function all(matchers: Matcher[]): Matcher {
  return (values) => matchers.every((matcher) => matcher(values));
}

export function parseLabelSelector(selector: string | undefined): Matcher {
  return all(requirements(selector ?? '').map(labelRequirement));
}

/** A field selector over the fields the resource supports; another field is refused. */
export function parseFieldSelector(selector: string | undefined, supported: string[]): Matcher {
  const matchers = requirements(selector ?? '').map((requirement): Matcher => {
    const match = /^([^=!\s]+)\s*(==|=|!=)\s*(.*)$/.exec(requirement);
    if (!match) throw new SelectorError(`invalid selector: '${requirement}'`);
    const [, field = '', operator, value = ''] = match;
    if (!supported.includes(field)) {
      throw new SelectorError(`field label not supported: ${field}`);
    }
    return operator === '!='
      ? (fields) => fields[field] !== value
      : (fields) => fields[field] === value;
  });
  return all(matchers);
}
