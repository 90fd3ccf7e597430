import { describe, expect, it } from 'vitest';
import { filterGroups, groupOperations, resolveSchema, type OpenApiDocument } from './openapi';
import { exampleFor } from './schema-example';
import { typeLabel } from './schema-view';

const doc: OpenApiDocument = {
  openapi: '3.0.3',
  paths: {
    '/api/user': {
      get: { tags: ['users'], summary: 'The signed-in user' },
      patch: { tags: ['users'] },
    },
    '/api/login': { post: { tags: ['auth'], summary: 'Sign in' } },
    '/api/cluster-tiers': { get: { summary: 'Tiers' } },
  },
  components: {
    schemas: {
      User: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'integer', minimum: 1 },
          email: { type: 'string', format: 'email' },
          role: { type: 'string', enum: ['admin', 'super_admin'] },
          tags: { type: 'array', items: { type: 'string' } },
          note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        },
      },
    },
  },
};

describe('groupOperations', () => {
  it('groups by first tag, falling back to the path segment, in alphabetical order', () => {
    const groups = groupOperations(doc);
    expect(groups.map((g) => g.tag)).toEqual(['auth', 'cluster-tiers', 'users']);
    expect(groups[2]?.operations.map((o) => o.method)).toEqual(['get', 'patch']);
    expect(groups[2]?.operations[0]?.id).toBe('get-api-user');
  });

  it('filters by path, method or summary', () => {
    const groups = groupOperations(doc);
    expect(filterGroups(groups, 'sign in').map((g) => g.tag)).toEqual(['auth']);
    expect(filterGroups(groups, 'PATCH')[0]?.operations).toHaveLength(1);
    expect(filterGroups(groups, 'nothing-like-this')).toEqual([]);
  });
});

describe('schemas', () => {
  const ref = { $ref: '#/components/schemas/User' };

  it('resolves local references', () => {
    expect(resolveSchema(doc, ref)?.required).toEqual(['id']);
    expect(resolveSchema(doc, { $ref: '#/components/schemas/Nope' })).toEqual({
      $ref: '#/components/schemas/Nope',
    });
  });

  it('labels types', () => {
    expect(typeLabel(doc, ref)).toBe('User');
    expect(typeLabel(doc, { type: 'array', items: ref })).toBe('User[]');
    expect(typeLabel(doc, { type: 'string', format: 'email' })).toBe('string (email)');
    expect(typeLabel(doc, { enum: ['a', 'b'] })).toBe('"a" | "b"');
  });

  it('builds an example from types, formats and enums', () => {
    expect(exampleFor(doc, ref)).toEqual({
      id: 1,
      email: 'ops@example.eu',
      role: 'admin',
      tags: ['string'],
      note: 'string',
    });
    expect(exampleFor(doc, { type: 'string', example: 'given' })).toBe('given');
  });
});
