import { resolveSchema, type OpenApiDocument, type SchemaObject } from './openapi';

const formatExamples: Record<string, unknown> = {
  email: 'ops@example.eu',
  'date-time': '2025-03-01T09:30:00.000Z',
  date: '2025-03-01',
  uri: 'https://example.eu',
  uuid: '3f0c8a52-1d2b-4c1e-9a57-6f1e2d3c4b5a',
};

/**
 * An example value for a schema: its own example or default when it gives one, otherwise a
 * plausible value built from types, formats and enums (depth-limited for recursive schemas).
 */
export function exampleFor(
  doc: OpenApiDocument,
  input: SchemaObject | undefined,
  depth = 0,
): unknown {
  const schema = resolveSchema(doc, input);
  if (!schema || depth > 6) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant =
    schema.oneOf?.[0] ?? schema.anyOf?.find((s) => s.type !== 'null') ?? schema.anyOf?.[0];
  if (variant) return exampleFor(doc, variant, depth + 1);
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((s) => exampleFor(doc, s, depth + 1) as object));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
    case undefined:
      if (!schema.properties) return type === 'object' ? {} : null;
      return Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [
          key,
          exampleFor(doc, value, depth + 1),
        ]),
      );
    case 'array':
      return [exampleFor(doc, schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      return (schema.format && formatExamples[schema.format]) ?? 'string';
    default:
      return null;
  }
}
