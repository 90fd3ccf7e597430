/**
 * Requests as clients get them wrong, generated from a route's OpenAPI operation: a valid-ish
 * request built from its schemas, then each body field, query parameter and path parameter
 * broken one at a time, and the body broken as a whole (raw bytes, content types, JSON syntax).
 */

/** The part of JSON Schema (OpenAPI 3.0 dialect) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

/** Deterministic: the same seed gives the same cases, so a failure can be replayed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** The id the authorization matrix uses: no row has it, so a valid-ish call changes nothing. */
export const NO_SUCH_ID = '999999';

/** Strings tried, in order, for a `pattern`: the first that matches is the valid-ish value. */
const PATTERN_CANDIDATES = [
  NO_SUCH_ID,
  '123456',
  '2026-01-15',
  '1.31',
  'DE',
  'DE123456789',
  'auth.',
  'fuzz',
  'fuzz-1',
  'a',
  'A',
];

const FORMAT_VALUES: Record<string, string> = {
  email: 'fuzz@example.com',
  date: '2026-01-15',
  'date-time': '2026-01-15T10:00:00.000Z',
  uri: 'https://example.com/',
};

const typesOf = (schema: JsonSchema) => [schema.type ?? []].flat();

/** A value the schema accepts, as far as a generator without a solver can tell. */
export function validValue(schema: JsonSchema, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return validValue(alternatives[0]!, depth);
  if (schema.allOf?.length) return validValue(schema.allOf[0]!, depth);
  const type = typesOf(schema)[0];
  switch (type) {
    case 'string': {
      if (schema.format && FORMAT_VALUES[schema.format]) return FORMAT_VALUES[schema.format];
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        const found = PATTERN_CANDIDATES.find(
          (candidate) =>
            pattern.test(candidate) &&
            candidate.length >= (schema.minLength ?? 0) &&
            candidate.length <= (schema.maxLength ?? Infinity),
        );
        if (found) return found;
      }
      const length = Math.max(schema.minLength ?? 0, Math.min(8, schema.maxLength ?? 8));
      return 'fuzzfuzz'.repeat(Math.ceil(length / 8) || 1).slice(0, Math.max(length, 1));
    }
    case 'integer':
    case 'number': {
      // Large enough to name no row, within the schema's bounds.
      const low = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
      const high = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
      return Math.min(Math.max(Number(NO_SUCH_ID), low), high);
    }
    case 'boolean':
      return false;
    case 'array': {
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, () => validValue(schema.items ?? {}, depth + 1));
    }
    case 'object':
      return validObject(schema, depth);
    case 'null':
      return null;
    default:
      return schema.properties ? validObject(schema, depth) : 'fuzz';
  }
}

function validObject(schema: JsonSchema, depth: number) {
  const value: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    // Optional fields too, near the top: each then gets broken on its own.
    if (required.has(name) || depth === 0) value[name] = validValue(property, depth + 1);
  }
  return value;
}

const MEGABYTE_STRING = 'x'.repeat(1024 * 1024);

/** A value of a field broken the ways clients break it, with a label for the finding. */
export interface Breakage {
  label: string;
  value: unknown;
}

/** Bad values for a JSON field of this schema (valid JSON; byte-level breakage is elsewhere). */
export function badValues(schema: JsonSchema): Breakage[] {
  const types = typesOf(schema);
  const values: Breakage[] = [
    { label: 'null', value: null },
    { label: 'empty string', value: '' },
    { label: 'control characters', value: 'a\u0000b\u0007c\u001b[31m\r\n' },
    { label: 'lone surrogate', value: 'a\ud800b' },
    { label: 'reversed surrogates', value: '\udc00\ud800' },
    { label: 'unicode', value: 'Grüße 🚀 \u202e\u200b ٣' },
    { label: 'huge number', value: 1e308 },
    { label: '2^63', value: 2 ** 63 },
    { label: 'negative', value: -1 },
    { label: 'most negative', value: -1e308 },
    { label: 'fraction', value: 0.5 },
    { label: 'zero', value: 0 },
    { label: 'boolean', value: true },
    { label: 'array for a value', value: [validValue(schema)] },
    { label: 'object for a value', value: { value: validValue(schema) } },
    { label: 'numeric string', value: '42' },
    { label: '1 MB string', value: MEGABYTE_STRING },
    { label: 'long string', value: 'y'.repeat(20_000) },
  ];
  if (types.includes('object') || schema.properties) {
    values.push(
      { label: 'array for an object', value: [validValue(schema)] },
      { label: 'unknown nested field', value: { ...(validValue(schema) as object), zz: 1 } },
    );
  }
  if (types.includes('array')) {
    values.push(
      { label: 'object for an array', value: { 0: validValue(schema.items ?? {}) } },
      {
        label: 'too many items',
        value: Array.from({ length: 1000 }, () => validValue(schema.items ?? {})),
      },
      { label: 'array of nulls', value: [null, null] },
    );
  }
  return values;
}

/** Bad values for a query or path parameter, as the text of a URL (already encoded). */
export const BAD_PARAMETER_TEXTS: Breakage[] = [
  { label: 'non-digits', value: 'abc' },
  { label: 'empty', value: '' },
  { label: 'huge', value: '99999999999999999999999' },
  { label: '2^63', value: '9223372036854775808' },
  { label: '1e308', value: '1e308' },
  { label: 'negative', value: '-1' },
  { label: 'zero', value: '0' },
  { label: 'fraction', value: '1.5' },
  { label: 'hex', value: '0x10' },
  { label: 'space', value: '%201' },
  { label: 'unicode', value: encodeURIComponent('Grüße🚀') },
  { label: 'NUL', value: '%00' },
  { label: 'control characters', value: '%07%1B%0A' },
  { label: 'lone surrogate as UTF-8', value: '%ED%A0%80' },
  { label: 'invalid UTF-8', value: '%FF%FE' },
  { label: 'bad percent escape', value: '%E0%A4%A' },
  { label: 'no such id', value: NO_SUCH_ID },
  { label: 'long', value: 'z'.repeat(8000) },
  { label: 'path traversal', value: '..%2F..%2Fetc%2Fpasswd' },
];

/** Bad values for a header parameter (an Idempotency-Key), as HTTP can carry them. */
export function badHeaderTexts(schema: JsonSchema): Breakage[] {
  return [
    { label: 'empty', value: '' },
    { label: 'spaces', value: 'a key with spaces' },
    { label: 'tab', value: 'a\tb' },
    { label: 'non-ASCII', value: 'schlüssel' },
    { label: 'two joined', value: 'first, second' },
    { label: 'one too long', value: 'k'.repeat((schema.maxLength ?? 255) + 1) },
    { label: '8 KB', value: 'k'.repeat(8000) },
  ];
}

export interface FuzzRequest {
  label: string;
  /** The valid-ish request, run after the broken ones: it may change state legitimately. */
  validish: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Every broken request of one operation, and the valid-ish one; a caller samples from them. */
export function requestsFor(
  method: string,
  openApiPath: string,
  operation: OpenApiOperation,
): FuzzRequest[] {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((p) => p.in === 'path');
  const queryParameters = parameters.filter((p) => p.in === 'query');
  const headerParameters = parameters.filter((p) => p.in === 'header');
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const takesBody = !['GET', 'HEAD'].includes(method);

  const validPath: Record<string, string> = {};
  for (const parameter of pathParameters) {
    validPath[parameter.name] = encodeURIComponent(String(validValue(parameter.schema ?? {})));
  }
  const validQuery: Record<string, string> = {};
  for (const parameter of queryParameters) {
    if (parameter.required) {
      validQuery[parameter.name] = encodeURIComponent(String(validValue(parameter.schema ?? {})));
    }
  }
  const validBody = bodySchema ? validValue(bodySchema) : undefined;

  const url = (path: Record<string, string>, query: Record<string, string>, rawQuery = '') => {
    const filled = openApiPath.replace(/\{([^}]+)\}/g, (_, name: string) => path[name] ?? '');
    const search = [
      ...Object.entries(query).map(([name, value]) => `${encodeURIComponent(name)}=${value}`),
      ...(rawQuery ? [rawQuery] : []),
    ].join('&');
    return search ? `${filled}?${search}` : filled;
  };
  const base = url(validPath, validQuery);
  const jsonRequest = (label: string, body: unknown, target = base): FuzzRequest => ({
    label,
    validish: false,
    method,
    url: target,
    headers: { ...JSON_HEADERS },
    payload: JSON.stringify(body),
  });
  const withValidBody = (label: string, target: string): FuzzRequest =>
    validBody === undefined
      ? { label, validish: false, method, url: target, headers: {} }
      : jsonRequest(label, validBody, target);

  const requests: FuzzRequest[] = [{ ...withValidBody('valid-ish', base), validish: true }];

  for (const parameter of pathParameters) {
    for (const bad of BAD_PARAMETER_TEXTS) {
      // An empty segment is another route (or none): the router's business, not this route's.
      if (bad.value === '') continue;
      const target = url({ ...validPath, [parameter.name]: String(bad.value) }, validQuery);
      requests.push(withValidBody(`path ${parameter.name}: ${bad.label}`, target));
    }
  }
  for (const parameter of queryParameters) {
    for (const bad of BAD_PARAMETER_TEXTS) {
      const target = url(validPath, { ...validQuery, [parameter.name]: String(bad.value) });
      requests.push(withValidBody(`query ${parameter.name}: ${bad.label}`, target));
    }
    const value = validQuery[parameter.name] ?? 'a';
    const name = encodeURIComponent(parameter.name);
    requests.push(
      withValidBody(
        `query ${parameter.name}: repeated`,
        url(validPath, validQuery, `${name}=${value}&${name}=${value}`),
      ),
      withValidBody(
        `query ${parameter.name}: bracketed object`,
        url(validPath, validQuery, `${name}[a]=1`),
      ),
    );
    if (parameter.required) {
      const without = { ...validQuery };
      delete without[parameter.name];
      requests.push(withValidBody(`query ${parameter.name}: missing`, url(validPath, without)));
    }
  }
  requests.push(
    withValidBody('query: unknown parameter', url(validPath, validQuery, 'zz=1')),
    withValidBody(
      'query: 100 KB parameter',
      url(validPath, validQuery, `zz=${'q'.repeat(100_000)}`),
    ),
  );

  if (bodySchema && validBody && typeof validBody === 'object' && !Array.isArray(validBody)) {
    const fields = validBody as Record<string, unknown>;
    for (const [name, property] of Object.entries(bodySchema.properties ?? {})) {
      for (const bad of badValues(property)) {
        requests.push(jsonRequest(`body ${name}: ${bad.label}`, { ...fields, [name]: bad.value }));
      }
      const without = { ...fields };
      delete without[name];
      requests.push(jsonRequest(`body ${name}: missing`, without));
    }
    requests.push(jsonRequest('body: unknown field', { ...fields, zzUnknown: 'x' }));
    requests.push(jsonRequest('body: __proto__ field', JSON.parse('{"__proto__":{"x":1}}')));
    const text = JSON.stringify(fields);
    const firstKey = Object.keys(fields)[0];
    if (firstKey) {
      // The last duplicate wins in JSON.parse: a client's "fixed" value after a checked one.
      requests.push({
        label: 'body: duplicate key',
        validish: false,
        method,
        url: base,
        headers: { ...JSON_HEADERS },
        payload: `${text.slice(0, -1)},${JSON.stringify(firstKey)}:{"dup":[1e308]}}`,
      });
    }
  }
  // Every request so far carries the valid headers; the header breakages follow.
  const validHeaders: Record<string, string> = {};
  for (const parameter of headerParameters) {
    validHeaders[parameter.name] = String(validValue(parameter.schema ?? {}));
  }
  for (const request of requests) request.headers = { ...validHeaders, ...request.headers };
  for (const parameter of headerParameters) {
    const others = { ...validHeaders };
    delete others[parameter.name];
    const withHeaders = (label: string, headers: Record<string, string>) => {
      const request = withValidBody(label, base);
      requests.push({ ...request, headers: { ...request.headers, ...headers } });
    };
    for (const bad of badHeaderTexts(parameter.schema ?? {})) {
      withHeaders(`header ${parameter.name}: ${bad.label}`, {
        ...others,
        [parameter.name]: String(bad.value),
      });
    }
    if (parameter.required) withHeaders(`header ${parameter.name}: missing`, others);
  }

  if (takesBody) {
    const text = validBody === undefined ? '{}' : JSON.stringify(validBody);
    const raw = (label: string, payload: string | Buffer, headers: Record<string, string>) =>
      requests.push({
        label,
        validish: false,
        method,
        url: base,
        headers: { ...validHeaders, ...headers },
        payload,
      });
    raw(
      'body: truncated JSON',
      text.slice(0, Math.max(1, Math.floor(text.length / 2))),
      JSON_HEADERS,
    );
    raw('body: empty with JSON type', '', JSON_HEADERS);
    raw('body: single quotes', text.replaceAll('"', "'"), JSON_HEADERS);
    raw('body: JSON null', 'null', JSON_HEADERS);
    raw('body: JSON array', `[${text}]`, JSON_HEADERS);
    raw('body: JSON string', '"text"', JSON_HEADERS);
    raw('body: JSON number', '1e308', JSON_HEADERS);
    raw('body: deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`, JSON_HEADERS);
    raw('body: escaped lone surrogate', withTextInFirstString(text, '\\ud800'), JSON_HEADERS);
    raw('body: escaped NUL', withTextInFirstString(text, 'a\\u0000b'), JSON_HEADERS);
    raw(
      'body: invalid UTF-8 bytes',
      withBytesInFirstString(text, [0xff, 0xfe, 0xed, 0xa0, 0x80]),
      JSON_HEADERS,
    );
    raw('body: UTF-8 BOM', `\ufeff${text}`, JSON_HEADERS);
    raw('body: 1 MB', JSON.stringify({ zz: MEGABYTE_STRING }), JSON_HEADERS);
    raw('content type: text/plain', text, { 'content-type': 'text/plain' });
    raw('content type: form', 'a=1&b=2', { 'content-type': 'application/x-www-form-urlencoded' });
    raw('content type: none', text, {});
    raw('content type: JSON with charset latin1', text, {
      'content-type': 'application/json; charset=latin1',
    });
    raw('content type: multipart without boundary', text, {
      'content-type': 'multipart/form-data',
    });
  }
  return requests;
}

/** A JSON string value: a quoted string followed by what ends a value, not by a colon. */
const FIRST_STRING_VALUE = /"(?:[^"\\]|\\.)*"(?=\s*[,}\]])/;

/** The JSON text with its first string value's content replaced by raw bytes. */
function withBytesInFirstString(text: string, bytes: number[]): Buffer {
  const match = FIRST_STRING_VALUE.exec(text);
  if (!match) return Buffer.concat([Buffer.from('{"zz":"'), Buffer.from(bytes), Buffer.from('"}')]);
  return Buffer.concat([
    Buffer.from(text.slice(0, match.index + 1)),
    Buffer.from(bytes),
    Buffer.from(text.slice(match.index + match[0].length - 1)),
  ]);
}

/** The JSON text with its first string value's content replaced by JSON source text. */
function withTextInFirstString(text: string, source: string): string {
  const match = FIRST_STRING_VALUE.exec(text);
  if (!match) return `{"zz":"${source}"}`;
  return `${text.slice(0, match.index + 1)}${source}${text.slice(match.index + match[0].length - 1)}`;
}
