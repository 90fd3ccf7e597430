import { resolveSchema, type OpenApiDocument, type SchemaObject } from './openapi';

/** A short type label: `string (email)`, `Tier[]`, `"open" | "closed"`, `integer ≥ 1`. */
export function typeLabel(doc: OpenApiDocument, schema: SchemaObject | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object';
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((s) => typeLabel(doc, s)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'object');
  if (type === 'array') return `${typeLabel(doc, schema.items)}[]`;
  return schema.format ? `${type} (${schema.format})` : type;
}

function constraints(schema: SchemaObject): string[] {
  const out: string[] = [];
  if (schema.minLength !== undefined) out.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) out.push(`max length ${schema.maxLength}`);
  if (schema.minimum !== undefined) out.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) out.push(`≤ ${schema.maximum}`);
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  return out;
}

function childObject(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
): SchemaObject | undefined {
  const resolved = resolveSchema(doc, schema);
  const target = resolved?.type === 'array' ? resolveSchema(doc, resolved.items) : resolved;
  return target?.properties ? target : undefined;
}

/** The properties of an object schema as nested rows; deeper levels are indented. */
export function SchemaView({
  doc,
  schema,
  depth = 0,
}: {
  doc: OpenApiDocument;
  schema: SchemaObject | undefined;
  depth?: number;
}) {
  const resolved = resolveSchema(doc, schema);
  const object = childObject(doc, resolved);
  if (!object) {
    return <p className="font-mono text-xs text-muted-foreground">{typeLabel(doc, resolved)}</p>;
  }
  const required = new Set(object.required ?? []);
  return (
    <ul className={depth > 0 ? 'mt-2 ml-4 border-l border-border pl-3' : 'divide-y divide-border'}>
      {Object.entries(object.properties ?? {}).map(([name, prop]) => {
        const child = depth < 3 ? childObject(doc, prop) : undefined;
        const resolvedProp = resolveSchema(doc, prop) ?? {};
        const notes = constraints(resolvedProp);
        return (
          <li key={name} className="py-2 text-sm">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-mono font-semibold">{name}</code>
              <span className="font-mono text-xs text-primary">{typeLabel(doc, prop)}</span>
              {required.has(name) && (
                <span className="text-xs font-semibold text-foreground">required</span>
              )}
              {notes.length > 0 && (
                <span className="text-xs text-muted-foreground">{notes.join(', ')}</span>
              )}
            </div>
            {resolvedProp.description && (
              <p className="mt-0.5 text-muted-foreground">{resolvedProp.description}</p>
            )}
            {child && <SchemaView doc={doc} schema={child} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}
