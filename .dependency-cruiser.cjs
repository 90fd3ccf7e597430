/**
 * Import rules lint checks (`npm run lint:imports`), type-only imports included: a type import
 * ties two modules together as much as a value import does, for a reader and for a refactor.
 */
/**
 * Imports of another owner's tables that stay for now, each with why. A line names the importing
 * modules and the owners whose schema.ts they may import besides their own.
 */
const tableOwnerExceptions = [
  {
    modules: ['dev'],
    owners: [
      'api-tokens',
      'audit',
      'billing',
      'clusters',
      'credits',
      'invoices',
      'members',
      'usage',
      'officers',
      'organizations',
      'payments',
      'support',
      'users',
    ],
    why: "demo data writes a past (last month's paid invoices, a week of events) no owner's function writes, as a test fixture does",
  },
  {
    modules: ['officers'],
    owners: [
      'api-tokens',
      'audit',
      'auth',
      'billing',
      'clusters',
      'credits',
      'invoices',
      'leads',
      'mail',
      'members',
      'newsletter',
      'notifications',
      'orders',
      'organizations',
      'payments',
      'products',
      'rate-limit',
      'sessions',
      'support',
      'users',
    ],
    why: "a person's data export and erasure read and blank every table holding personal data, listed in one place so none is forgotten",
  },
  // Joins a page or a metering pass needs in one indexed query. Remove owners from a line; add
  // none without saying why here.
  {
    modules: ['api-tokens', 'auth', 'members', 'operators', 'sessions'],
    owners: ['organizations', 'users'],
    why: 'a session is a person with their organization, and lists of members, operators and tokens show names, e-mail and standing: one indexed join, not a query per row',
  },
  {
    modules: ['usage'],
    owners: ['clusters'],
    why: "metering reads the clusters' recorded history (pools, nodes, volumes, load balancers, events) hour by hour inside the cluster's row lock, and the one rule of which clusters are due joins them with the cursors",
  },
];

/** The files of an exception's modules, the module's name captured as $1 for the rule's `to`. */
const importers = (exception) => `^apps/server/src/modules/(${exception.modules.join('|')})/`;

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment:
        'A cycle, type imports included, makes a set of files one unit that can only be read and ' +
        'changed together. A module names what it needs in its dependency type, built from ' +
        "infrastructure.ts and other modules' service types; the composition root joins them.",
      severity: 'error',
      from: { path: '^apps/(server|web)/src/' },
      to: { circular: true },
    },
    {
      name: 'no-composition-root',
      comment:
        'Only the entry points import the composition root (services.ts, app.ts): a module that ' +
        'imported it would depend on every module.',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: '^apps/server/src/(app|services|main|bootstrap)\\.ts$',
      },
      to: { path: '^apps/server/src/(app|services)\\.ts$' },
    },
    {
      name: 'not-owner-schema',
      comment:
        'Every table has one owner, the module whose schema.ts defines it; another module reads ' +
        "or writes it only through the owner's exported functions. A schema file may name " +
        "another owner's table for a foreign key.",
      severity: 'error',
      from: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: [
          '^apps/server/src/modules/[^/]+/schema\\.ts$',
          ...tableOwnerExceptions.map(importers),
        ],
      },
      to: {
        path: '^apps/server/src/modules/[^/]+/schema\\.ts$',
        pathNot: '^apps/server/src/modules/$1/schema\\.ts$',
      },
    },
    ...tableOwnerExceptions.map((exception) => ({
      name: 'not-owner-schema',
      comment: `Excepted: ${exception.why}`,
      severity: 'error',
      from: { path: importers(exception), pathNot: '/schema\\.ts$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/schema\\.ts$',
        pathNot: `^apps/server/src/modules/(${exception.owners.join('|')}|$1)/schema\\.ts$`,
      },
    })),
    {
      name: 'no-schema-aggregate',
      comment:
        'db/schema.ts gathers every table for drizzle-kit and the tests; application code ' +
        "imports a table from its owner's schema file.",
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/db/schema\\.ts$' },
      to: { path: '^apps/server/src/db/schema\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
