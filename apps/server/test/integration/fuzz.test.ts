import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import { can, type AccessLevel, type Actor } from '@alpenkube/contract/permissions';
import { apiTokenResourceFor, apiTokenScopes } from '@alpenkube/contract/api-tokens';
import {
  createTicketSchema,
  customSolutionSchema,
  staffMessageSchema,
  ticketMessageInputSchema,
} from '@alpenkube/contract';
import { apiTokens, users } from '../../src/db/schema.ts';
import { sha256 } from '../../src/lib/crypto.ts';
import {
  requestsFor,
  seededRandom,
  validValue,
  type FuzzRequest,
  type JsonSchema,
  type OpenApiOperation,
} from '../support/fuzz-cases.ts';
import { multipartCases, type FieldValue } from '../support/fuzz-multipart.ts';
import { actorWith, insertActor } from '../support/actors.ts';
import { clusterOrderer, orderCluster, settleJobs, smallCluster } from '../support/clusters.ts';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../support/test-app.ts';

/**
 * Bad input on every route: each operation of the server's own OpenAPI document gets a
 * valid-ish request and its fields and headers broken one by one (support/fuzz-cases.ts), from
 * every kind of caller. Whatever comes, the answer is below 500, a refusal is JSON `{message}`,
 * every answer matches the schema the route declares for its status, string formats included
 * (an undeclared status is a finding), and a refusal writes nothing. The routes that take
 * multipart get real multipart bodies (support/fuzz-multipart.ts), and those that read an
 * Idempotency-Key have its rules checked with orders that are placed for real.
 *
 * FUZZ_CASES is the number of broken requests, spread evenly over the operations (each
 * operation's breakages in a seeded shuffle, repeated from other callers once all are used); the
 * valid-ish request of every operation from each of the six callers comes on top. FUZZ_SEED
 * draws other cases. The default keeps the file near 30 s on PGlite on a 2-core machine; on
 * PostgreSQL the same cases run, since the databases refuse some values (out of range, bad
 * encoding) differently and these requests are what reaches them.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 1);
const CASES = Number(process.env.FUZZ_CASES ?? 2000);

/** Same-origin headers: the cross-site guard refuses state-changing requests without them. */
const SAME_ORIGIN = { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' };

/**
 * Tables a refusal may write, because counting refusals is their purpose: the rate limits'
 * events (failed sign-ins, public-form submissions and wrong tracking codes count whether or
 * not they succeed).
 */
const WRITTEN_ON_REFUSAL = new Set(['rate_limit_events']);

/**
 * Routes whose refusals write a table by design, and the table: the audit trail records each
 * failed sign-in (officers look for password spraying there). A wrong second-factor code would
 * too, but the fuzzer holds no pending sign-in for POST /api/login/mfa to refuse.
 */
const WRITTEN_ON_REFUSAL_BY: Record<string, string[]> = {
  'POST /api/login': ['audit_events'],
};

const ACTORS: Record<string, Actor> = {
  customer: actorWith({}),
  orgAdmin: actorWith({ role: 'admin' }),
  officer: actorWith({ officerAccess: true, mfaEnabled: true }),
  superAdmin: actorWith({ role: 'super_admin', mfaEnabled: true }),
};
/** Signed out, each role, and the organization admin's API token with every scope. */
type Caller = 'signedOut' | keyof typeof ACTORS | 'token';
const TOKEN_OWNER = 'orgAdmin';

interface Operation {
  method: string;
  openApiPath: string;
  /** The Fastify pattern, as the route table and the access rules name it. */
  pattern: string;
  operation: OpenApiOperation;
  access: AccessLevel;
}

interface Answer {
  request: FuzzRequest;
  caller: Caller;
  response: LightMyRequestResponse;
}

describe('bad input on every route', () => {
  let t: TestApp;
  let userIdOf: Record<string, number>;
  let token: string;
  let operations: Operation[];
  let countRows: () => Promise<Map<string, number>>;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.app.services;
    const passwordHash = await t.app.services.passwords.hash(STRONG_PASSWORD);
    userIdOf = {};
    for (const [name, actor] of Object.entries(ACTORS)) {
      const { userId } = await insertActor(db, {
        label: 'Fuzz',
        index: Object.keys(userIdOf).length,
        name,
        username: `fuzz${name.toLowerCase()}`,
        actor,
        passwordHash,
      });
      userIdOf[name] = userId;
    }
    token = 'ak_fuzz_every_scope';
    const [owner] = await db
      .select()
      .from(users)
      .where(sql`id = ${userIdOf[TOKEN_OWNER]!}`);
    await db.insert(apiTokens).values({
      userId: owner!.id,
      organizationId: owner!.organizationId!,
      name: 'fuzz',
      prefix: token.slice(0, 11),
      tokenHash: sha256(token),
      scopes: [...apiTokenScopes],
      expiresAt: new Date(Date.now() + 86_400_000),
    });

    const accessOf = new Map(
      t.app.routeTable.map((route) => [`${route.method} ${route.url}`, route.access ?? 'anyone']),
    );
    const document = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
    operations = Object.entries(document.paths).flatMap(([openApiPath, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => {
        const pattern = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
        const upper = method.toUpperCase();
        return {
          method: upper,
          openApiPath,
          pattern,
          operation,
          access: accessOf.get(`${upper} ${pattern}`) ?? 'anyone',
        };
      }),
    );

    const { rows } = await db.execute<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    const counted = rows
      .map((row) => row.tablename)
      .filter((name) => !WRITTEN_ON_REFUSAL.has(name));
    // One statement for every table: cheap enough to run around each route's batch.
    const query = sql.raw(
      counted
        .map((name) => `select '${name}' as name, count(*)::int as n from "${name}"`)
        .join(' union all '),
    );
    countRows = async () => {
      const result = await db.execute<{ name: string; n: number }>(query);
      return new Map(result.rows.map((row) => [row.name, Number(row.n)]));
    };
  }, 60_000);
  afterAll(() => t?.close());

  /**
   * Registered but outside the document, each for a reason: the socket is an upgrade, not a
   * request and an answer app.inject can fuzz (session-sockets.test.ts covers its refusals);
   * the document is the generator's input; the simulated clusters' Kubernetes API answers as
   * Kubernetes does (Status objects), the test gateway's challenge is an HTML page, and the
   * crawler files are the web app's. All but the socket still get broken requests below, held
   * only to "no 5xx".
   */
  const OUTSIDE_THE_DOCUMENT = [
    'DELETE /k8s',
    'DELETE /k8s/*',
    'DELETE /k8s/clusters/:clusterId/*',
    'DELETE /k8s/clusters/:clusterId/api/v1/namespaces/:name',
    'DELETE /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/configmaps/:name',
    'DELETE /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/persistentvolumeclaims/:name',
    'DELETE /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/secrets/:name',
    'DELETE /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/services/:name',
    'DELETE /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments/:name',
    'GET /api/openapi.json',
    'GET /k8s',
    'GET /k8s/*',
    'GET /k8s/clusters/:clusterId/*',
    'GET /k8s/clusters/:clusterId/api',
    'GET /k8s/clusters/:clusterId/api/v1',
    'GET /k8s/clusters/:clusterId/api/v1/configmaps',
    'GET /k8s/clusters/:clusterId/api/v1/namespaces',
    'GET /k8s/clusters/:clusterId/api/v1/namespaces/:name',
    'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/configmaps',
    'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/configmaps/:name',
    'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/persistentvolumeclaims',
    'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/persistentvolumeclaims/:name',
    'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/pods',
    'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/pods/:name',
    'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/secrets',
    'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/secrets/:name',
    'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/services',
    'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/services/:name',
    'GET /k8s/clusters/:clusterId/api/v1/nodes',
    'GET /k8s/clusters/:clusterId/api/v1/nodes/:name',
    'GET /k8s/clusters/:clusterId/api/v1/persistentvolumeclaims',
    'GET /k8s/clusters/:clusterId/api/v1/persistentvolumes',
    'GET /k8s/clusters/:clusterId/api/v1/persistentvolumes/:name',
    'GET /k8s/clusters/:clusterId/api/v1/pods',
    'GET /k8s/clusters/:clusterId/api/v1/secrets',
    'GET /k8s/clusters/:clusterId/api/v1/services',
    'GET /k8s/clusters/:clusterId/apis',
    'GET /k8s/clusters/:clusterId/apis/apps',
    'GET /k8s/clusters/:clusterId/apis/apps/v1',
    'GET /k8s/clusters/:clusterId/apis/apps/v1/deployments',
    'GET /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments',
    'GET /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments/:name',
    'GET /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments/:name/scale',
    'GET /k8s/clusters/:clusterId/apis/metrics.k8s.io',
    'GET /k8s/clusters/:clusterId/apis/metrics.k8s.io/v1beta1',
    'GET /k8s/clusters/:clusterId/apis/metrics.k8s.io/v1beta1/nodes',
    'GET /k8s/clusters/:clusterId/apis/metrics.k8s.io/v1beta1/nodes/:name',
    'GET /k8s/clusters/:clusterId/openapi/v3',
    'GET /k8s/clusters/:clusterId/openapi/v3/*',
    'GET /k8s/clusters/:clusterId/version',
    'GET /llms.txt',
    'GET /robots.txt',
    'GET /sitemap.xml',
    'GET /test-gateway/challenge/:chargeId',
    'GET /ws',
    'PATCH /k8s',
    'PATCH /k8s/*',
    'PATCH /k8s/clusters/:clusterId/*',
    'PATCH /k8s/clusters/:clusterId/api/v1/namespaces/:name',
    'PATCH /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/configmaps/:name',
    'PATCH /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/persistentvolumeclaims/:name',
    'PATCH /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/secrets/:name',
    'PATCH /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/services/:name',
    'PATCH /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments/:name',
    'PATCH /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments/:name/scale',
    'POST /k8s',
    'POST /k8s/*',
    'POST /k8s/clusters/:clusterId/*',
    'POST /k8s/clusters/:clusterId/api/v1/namespaces',
    'POST /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/configmaps',
    'POST /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/persistentvolumeclaims',
    'POST /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/secrets',
    'POST /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/services',
    'POST /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments',
    'POST /test-gateway/challenge/:chargeId',
    'PUT /k8s',
    'PUT /k8s/*',
    'PUT /k8s/clusters/:clusterId/*',
    'PUT /k8s/clusters/:clusterId/api/v1/namespaces/:name',
    'PUT /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/configmaps/:name',
    'PUT /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/persistentvolumeclaims/:name',
    'PUT /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/secrets/:name',
    'PUT /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/services/:name',
    'PUT /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments/:name',
    'PUT /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments/:name/scale',
  ];
  const undocumentedRoutes = () => {
    const documented = new Set(operations.map((op) => `${op.method} ${op.pattern}`));
    return t.app.routeTable
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !documented.has(key));
  };

  it('fuzzes every route the app registers, but for the ones named here', () => {
    expect(undocumentedRoutes().sort()).toEqual(OUTSIDE_THE_DOCUMENT);
    expect(operations.length).toBeGreaterThan(150);
  });

  it('answers broken requests to the routes outside the document below 500', async () => {
    const random = seededRandom(SEED);
    const failures: string[] = [];
    let address = 0;
    for (const key of OUTSIDE_THE_DOCUMENT) {
      if (key === 'GET /ws') continue;
      const [method, pattern] = key.split(' ') as [string, string];
      // The pattern as an OpenAPI path, its parameters as plain strings.
      const names = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      const openApiPath = pattern.replace(/:(\w+)/g, '{$1}').replace('*', 'api/v1/zz');
      const requests = requestsFor(method, openApiPath, {
        parameters: names.map((name) => ({ in: 'path', name, required: true, schema: {} })),
      });
      for (const request of random.shuffle(requests).slice(0, 12)) {
        address += 1;
        const response = await t.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: { ...SAME_ORIGIN, ...request.headers },
          remoteAddress: `10.200.${(address >> 8) & 255}.${address & 255}`,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        if (response.statusCode >= 500) {
          failures.push(`${key} [${request.label}] → ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  describe('what the fuzzer found, fixed', () => {
    const inject = (method: 'GET' | 'POST', url: string, payload?: string) =>
      t.app.inject({
        method,
        url,
        headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });

    it('answers a JSON body nested 5000 deep with 400 {message}, not a stack overflow', async () => {
      const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      const register = await inject('POST', '/api/register', deep);
      expect(register.statusCode).toBe(400);
      expect(register.json()).toMatchObject({ message: expect.any(String) });
      // A route without a body schema ignores the body, whatever its depth.
      expect((await inject('POST', '/api/logout', deep)).statusCode).toBe(204);
    });

    it("answers the router's refusals as {message}, without echoing the address", async () => {
      const badEscape = await inject('GET', '/api/products/%E0%A4%A');
      expect(badEscape.statusCode).toBe(400);
      expect(badEscape.json()).toEqual({ message: expect.any(String) });
      expect(badEscape.body).not.toContain('%E0');
      const longParameter = await inject('GET', `/api/clusters/${'7'.repeat(8000)}`);
      expect(longParameter.statusCode).toBe(414);
      expect(longParameter.json()).toEqual({ message: expect.any(String) });
    });

    it('answers a multipart form without a usable boundary, or cut short, with 400', async () => {
      const cases: [string, string][] = [
        ['multipart/form-data', '--x\r\n'],
        // "boundary=" inside a quoted parameter: the header names none.
        ['multipart/form-data; x="; boundary=y"', '--y\r\n'],
        // A file part whose body ends before its closing delimiter.
        [
          'multipart/form-data; boundary=cut',
          '--cut\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n' +
            'Content-Type: text/plain\r\n\r\nhalf a fi',
        ],
      ];
      for (const [contentType, payload] of cases) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/support/tickets',
          headers: {
            ...SAME_ORIGIN,
            authorization: `Bearer ${token}`,
            'content-type': contentType,
          },
          payload,
        });
        expect(response.statusCode, contentType).toBe(400);
        expect(response.json()).toEqual({ message: expect.any(String) });
      }
    });

    it('declares in the document the refusals a route gives before its own code runs', () => {
      const missing: string[] = [];
      for (const op of operations) {
        const declared = Object.keys(op.operation.responses ?? {});
        const expected = ['400', '414'];
        if (op.method !== 'GET') expected.push('403', '413', '415');
        if (op.access !== 'anyone') expected.push('401', '403');
        for (const status of expected) {
          if (!declared.includes(status)) missing.push(`${op.method} ${op.openApiPath} ${status}`);
        }
      }
      expect(missing).toEqual([]);
      const exportPerson = operations.find(
        (op) => op.openApiPath === '/api/officers/data-subject-requests/export',
      );
      expect(Object.keys(exportPerson!.operation.responses ?? {})).toContain('404');
    });
  });

  /** Answers are checked against their schemas with the string formats they declare. */
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  const validators = new Map<JsonSchema, ValidateFunction>();
  const validatorFor = (schema: JsonSchema) => {
    let validate = validators.get(schema);
    if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
    return validate;
  };

  /**
   * What is wrong with an answer by the rules every answer follows: below 500, a refusal is JSON
   * with a message, and the status is declared and the body matches its schema. `where` names
   * the request in the finding.
   */
  function problemsOf(op: Operation, where: string, response: LightMyRequestResponse): string[] {
    const status = response.statusCode;
    const isJson = /^application\/json/.test(String(response.headers['content-type'] ?? ''));
    if (status >= 500) return [`${where} → ${status} ${response.body.slice(0, 200)}`];
    const problems: string[] = [];
    let body: unknown;
    if (isJson && response.body) {
      try {
        body = JSON.parse(response.body);
      } catch {
        problems.push(`${where} → ${status} with a body that is not JSON`);
      }
    }
    if (status >= 400) {
      const message = (body as { message?: unknown } | undefined)?.message;
      if (!isJson || typeof message !== 'string' || !message) {
        problems.push(
          `${where} → ${status} without a JSON message: ${response.body.slice(0, 120)}`,
        );
      }
    }
    const declared = op.operation.responses?.[String(status)];
    if (!declared) {
      problems.push(`${op.method} ${op.openApiPath} → ${status}, not declared (e.g. ${where})`);
      return problems;
    }
    const schema = declared.content?.['application/json']?.schema;
    // A declared file (PDF, CSV) has only a description: its bytes are not JSON.
    if (schema && body !== undefined && (schema.type || schema.properties || schema.anyOf)) {
      const validate = validatorFor(schema);
      if (!validate(body)) {
        problems.push(
          `${where} → ${status} does not match its schema: ${ajv.errorsText(validate.errors)}`,
        );
      }
    }
    return problems;
  }

  /** A session of the fuzzer's user in each role, made once; a remote address per request. */
  const sidOfRole = new Map<string, string>();
  let requestNumber = 0;
  const injectAs = async (
    role: keyof typeof ACTORS,
    request: { method: string; url: string; headers: Record<string, string>; payload?: Buffer },
  ) => {
    let sid = sidOfRole.get(role);
    if (!sid) {
      sid = await t.app.services.sessions.create(t.app.services.db, userIdOf[role]!, {
        userAgent: 'fuzz',
        ip: '127.0.0.1',
      });
      sidOfRole.set(role, sid);
    }
    requestNumber += 1;
    return t.app.inject({
      method: request.method as 'POST',
      url: request.url,
      headers: { ...SAME_ORIGIN, cookie: `sid=${sid}`, ...request.headers },
      remoteAddress: `10.201.${(requestNumber >> 8) & 255}.${requestNumber & 255}`,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
  };
  const changedRows = (before: Map<string, number>, after: Map<string, number>) =>
    [...after]
      .filter(([name, n]) => before.get(name) !== n)
      .map(([name, n]) => `${name} ${before.get(name)}→${n}`);

  describe('multipart bodies', () => {
    /**
     * The form of every route that takes multipart/form-data, from the contract, and who sends
     * it. The document has no schema for these bodies, so the fields come from here; a route
     * whose summary says multipart without a form here fails the first test.
     */
    const FORMS: Record<string, { form: z.ZodType; role: keyof typeof ACTORS }> = {
      'POST /api/support/custom-solutions': { form: customSolutionSchema, role: 'customer' },
      'POST /api/support/queue/{id}/messages': { form: staffMessageSchema, role: 'superAdmin' },
      'POST /api/support/tickets': { form: createTicketSchema, role: 'customer' },
      'POST /api/support/tickets/{id}/messages': {
        form: ticketMessageInputSchema,
        role: 'customer',
      },
    };
    const takesMultipart = (op: Operation) =>
      Boolean(op.operation.requestBody?.content['multipart/form-data']) ||
      /multipart\/form-data/.test(`${op.operation.summary} ${op.operation.description}`);
    /** The form's valid fields as multipart text: lists as repeated parts, nothing for unset. */
    const fieldsOf = (form: z.ZodType): Record<string, FieldValue> => {
      const schema = z.toJSONSchema(form, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      const value = validValue(schema) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, field]) => field !== undefined)
          .map(([name, field]) => [name, Array.isArray(field) ? field.map(String) : String(field)]),
      );
    };

    it('knows the form of every route that takes multipart', () => {
      const multipart = operations
        .filter(takesMultipart)
        .map((op) => `${op.method} ${op.openApiPath}`);
      expect(multipart.sort()).toEqual(Object.keys(FORMS).sort());
    });

    /** Files in the store's directory, partial ones included: a refusal leaves none. */
    const storedFileCount = () => {
      if (t.config.fileStore.kind !== 'directory') throw new Error('a directory store');
      return fs
        .readdirSync(t.config.fileStore.directory, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile()).length;
    };

    it('accepts files of the allowed types and refuses the rest whole, as declared, writing nothing', async () => {
      const findings: string[] = [];
      const ticketFields = fieldsOf(createTicketSchema);
      const [opened] = multipartCases(ticketFields);
      const created = await injectAs('customer', {
        method: 'POST',
        url: '/api/support/tickets',
        headers: { 'content-type': opened!.contentType },
        payload: opened!.payload,
      });
      expect(created.statusCode, created.body).toBe(201);
      const ticketId = String(created.json<{ id: number }>().id);
      // Staff's session too, before any row is counted.
      await injectAs('superAdmin', { method: 'GET', url: '/api/user', headers: {} });

      for (const [key, { form, role }] of Object.entries(FORMS)) {
        const op = operations.find(
          (candidate) => `${candidate.method} ${candidate.openApiPath}` === key,
        )!;
        const url = op.openApiPath.replace('{id}', ticketId);
        for (const multipart of multipartCases(fieldsOf(form))) {
          const where = `${key} [${multipart.label}]`;
          const before = await countRows();
          const filesBefore = storedFileCount();
          const response = await injectAs(role, {
            method: op.method,
            url,
            headers: { 'content-type': multipart.contentType },
            payload: multipart.payload,
          });
          findings.push(...problemsOf(op, where, response));
          const status = response.statusCode;
          if (multipart.valid && (status < 200 || status >= 300)) {
            findings.push(`${where} → ${status}, not accepted: ${response.body.slice(0, 160)}`);
          }
          if (!multipart.valid) {
            if (status < 400 || status >= 500) findings.push(`${where} → ${status}, not refused`);
            const wrote = changedRows(before, await countRows());
            if (wrote.length) findings.push(`${where} → ${status} wrote ${wrote.join(', ')}`);
            const kept = storedFileCount() - filesBefore;
            if (kept) findings.push(`${where} → ${status} left ${kept} file(s) in the file store`);
          }
        }
      }
      expect(findings).toEqual([]);
    }, 120_000);
  });

  describe('Idempotency-Key', () => {
    it('is required where an order is placed: a replay answers the same order, another body a 409, a bad key a 400, writing nothing', async () => {
      const findings: string[] = [];
      const keyed = operations.filter((op) =>
        op.operation.parameters?.some(
          (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key',
        ),
      );
      const orderer = await clusterOrderer(t.app);
      const running = await orderCluster(orderer.client, { name: 'idempotent-base' });
      await settleJobs(t.app);
      /** Two valid bodies per route: the first places an order, the second differs from it. */
      const BODIES: Record<string, [object, object]> = {
        'POST /api/addons/orders': [
          { clusterId: running.clusterId, addon: 'backup' },
          { clusterId: running.clusterId, addon: 'logging' },
        ],
        'POST /api/orders': [
          { kind: 'cluster', cluster: { ...smallCluster, name: 'keyed' }, billingCycle: 'monthly' },
          { kind: 'cluster', cluster: { ...smallCluster, name: 'keyed' }, billingCycle: 'yearly' },
        ],
        'POST /api/products': [
          {
            product: 'postgresql',
            plan: 'standard',
            region: 'alpenkube:eu-de-fra',
            name: 'keyed-db',
            billingCycle: 'monthly',
          },
          {
            product: 'postgresql',
            plan: 'standard',
            region: 'alpenkube:eu-de-fra',
            name: 'keyed-db',
            billingCycle: 'yearly',
          },
        ],
        'PUT /api/billing/plans': [
          { plan: 'business', billingCycle: 'monthly' },
          { plan: 'business', billingCycle: 'yearly' },
        ],
        'POST /api/clusters/{id}/high-availability': [{}, { promoCode: 'WELCOME5' }],
      };
      /** Where a route's path names a resource: the running cluster above. */
      const URLS: Record<string, string> = {
        'POST /api/clusters/{id}/high-availability': `/api/clusters/${running.clusterId}/high-availability`,
      };
      /** What placing answers: a new order is created (201), a plan change answers its order. */
      const PLACED: Record<string, number> = { 'PUT /api/billing/plans': 200 };
      expect(keyed.map((op) => `${op.method} ${op.openApiPath}`).sort()).toEqual(
        Object.keys(BODIES).sort(),
      );

      for (const op of keyed) {
        const route = `${op.method} ${op.openApiPath}`;
        const header = op.operation.parameters!.find((p) => p.name === 'idempotency-key')!;
        if (!header.required) findings.push(`${route}: the document does not require the key`);
        const [body, otherBody] = BODIES[route]!;
        const place = async (label: string, payload: object, headers: Record<string, string>) => {
          const response = await orderer.client.request({
            method: op.method as 'POST' | 'PUT',
            url: URLS[route] ?? op.openApiPath,
            headers,
            payload,
          });
          findings.push(...problemsOf(op, `${route} [${label}]`, response));
          return response;
        };
        const refused = async (label: string, headers: Record<string, string>, status: number) => {
          const before = await countRows();
          const response = await place(label, body, headers);
          if (response.statusCode !== status) {
            findings.push(`${route} [${label}] → ${response.statusCode}, not ${status}`);
          }
          if (
            status === 400 &&
            !/Idempotency-Key/.test(response.json<{ message: string }>().message)
          ) {
            findings.push(`${route} [${label}]: the message does not name the header`);
          }
          const wrote = changedRows(before, await countRows());
          if (wrote.length) findings.push(`${route} [${label}] wrote ${wrote.join(', ')}`);
        };
        await refused('missing', {}, 400);
        for (const bad of ['', 'a key with spaces', 'schlüssel', 'k'.repeat(256)]) {
          await refused(`key "${bad.slice(0, 20)}"`, { 'idempotency-key': bad }, 400);
        }

        const key = `fuzz-${op.openApiPath}`;
        const first = await place('first', body, { 'idempotency-key': key });
        const placed = PLACED[route] ?? 201;
        expect(first.statusCode, `${route}: ${first.body}`).toBe(placed);
        expect(first.headers['idempotent-replayed']).toBeUndefined();
        const before = await countRows();
        const again = await place('the same again', body, { 'idempotency-key': key });
        if (
          again.statusCode !== placed ||
          again.json<{ id: number }>().id !== first.json<{ id: number }>().id
        ) {
          findings.push(
            `${route}: the same key and body answered ${again.statusCode} ${again.body.slice(0, 100)}`,
          );
        }
        if (again.headers['idempotent-replayed'] !== 'true')
          findings.push(`${route}: a replay is not marked`);
        const other = await place('the same key, another body', otherBody, {
          'idempotency-key': key,
        });
        if (other.statusCode !== 409) findings.push(`${route}: another body → ${other.statusCode}`);
        const wrote = changedRows(before, await countRows());
        if (wrote.length)
          findings.push(`${route}: the replay or the 409 wrote ${wrote.join(', ')}`);
        const { rows } = await t.app.services.db.execute<{ n: number }>(
          sql`select count(*)::int as n from orders where idempotency_key = ${key}`,
        );
        if (Number(rows[0]!.n) !== 1) findings.push(`${route}: ${rows[0]!.n} orders for one key`);
      }
      expect(findings).toEqual([]);
    }, 60_000);
  });

  it(`answers ${CASES} broken requests (seed ${SEED}) below 500, as declared, writing nothing when refusing`, async () => {
    const random = seededRandom(SEED);
    const findings = new Set<string>();
    const { db } = t.app.services;
    let address = 0;
    let sent = 0;
    let broken = 0;
    const perRoute = Math.max(1, Math.round(CASES / operations.length));

    for (const op of operations) {
      // Fresh sessions per route: a valid-ish sign-out or revocation of the last route ended one.
      const sidOf: Record<string, string> = {};
      for (const [name, userId] of Object.entries(userIdOf)) {
        sidOf[name] = await t.app.services.sessions.create(db, userId, {
          userAgent: 'fuzz',
          ip: '127.0.0.1',
        });
      }
      const callers: Caller[] = ['signedOut', ...Object.keys(ACTORS), 'token'];
      const admitted = callers.filter((caller) => {
        if (caller === 'signedOut') return op.access === 'anyone';
        if (caller === 'token') {
          return (
            apiTokenResourceFor(op.pattern, op.access, op.method) !== null &&
            can(ACTORS[TOKEN_OWNER]!, op.access)
          );
        }
        return can(ACTORS[caller]!, op.access);
      });
      const all = requestsFor(op.method, op.openApiPath, op.operation);
      const [validish, ...breakages] = all as [FuzzRequest, ...FuzzRequest[]];
      // Past the first round of every breakage, further cases repeat them from other callers.
      const chosen: FuzzRequest[] = [];
      while (chosen.length < perRoute) {
        const round = random.shuffle([...breakages]);
        chosen.push(...round.slice(0, perRoute - chosen.length));
      }
      const callerFor = () =>
        admitted.length && random.next() < 0.85 ? random.pick(admitted) : random.pick(callers);

      const send = async (request: FuzzRequest, caller: Caller): Promise<Answer> => {
        address += 1;
        sent += 1;
        const headers: Record<string, string> = { ...SAME_ORIGIN, ...request.headers };
        if (caller === 'token') headers.authorization = `Bearer ${token}`;
        else if (caller !== 'signedOut') headers.cookie = `sid=${sidOf[caller]}`;
        const response = await t.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers,
          remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        return { request, caller, response };
      };
      const where = (answer: Answer) =>
        `${op.method} ${op.openApiPath} [${answer.request.label}] as ${answer.caller}`;
      const check = (answer: Answer) => {
        for (const problem of problemsOf(op, where(answer), answer.response)) findings.add(problem);
      };
      const key = `${op.method} ${op.pattern}`;
      const diff = (before: Map<string, number>, after: Map<string, number>) =>
        [...after]
          .filter(
            ([name, n]) => before.get(name) !== n && !WRITTEN_ON_REFUSAL_BY[key]?.includes(name),
          )
          .map(([name, n]) => `${name} ${before.get(name)}→${n}`);

      /**
       * Whether the refusals among a batch's answers wrote: one count after the batch; on a
       * difference (harmless if an admitted request wrote), each refusal is replayed with a
       * count around it.
       */
      const checkWrites = async (before: Map<string, number>, answers: Answer[]) => {
        const changed = diff(before, await countRows());
        if (!changed.length) return;
        const refused = answers.filter((a) => a.response.statusCode >= 400);
        if (refused.length === answers.length) {
          findings.add(`${op.method} ${op.openApiPath}: refusals wrote ${changed.join(', ')}`);
        }
        for (const answer of refused) {
          const start = await countRows();
          const replay = await send(answer.request, answer.caller);
          const wrote = diff(start, await countRows());
          if (replay.response.statusCode >= 400 && wrote.length) {
            findings.add(
              `${where(replay)} → ${replay.response.statusCode} wrote ${wrote.join(', ')}`,
            );
          }
        }
      };

      // Broken requests first, each from a caller drawn at random, then the valid-ish one from
      // every caller: it may be admitted and write, or end the caller's session.
      const brokenAnswers: Answer[] = [];
      const before = await countRows();
      for (const request of chosen) {
        broken += 1;
        const answer = await send(request, callerFor());
        check(answer);
        brokenAnswers.push(answer);
      }
      await checkWrites(before, brokenAnswers);
      const validishAnswers: Answer[] = [];
      const beforeValidish = await countRows();
      for (const caller of callers) {
        const answer = await send(validish, caller);
        check(answer);
        validishAnswers.push(answer);
      }
      await checkWrites(beforeValidish, validishAnswers);
    }
    expect([...findings].sort()).toEqual([]);
    expect(broken).toBeGreaterThanOrEqual(Math.min(CASES, operations.length));
    expect(sent).toBeGreaterThan(broken);
  }, 600_000);
});
