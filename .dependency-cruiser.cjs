/**
 * Import rules lint checks (`npm run lint:imports`), type-only imports included: a type import
 * ties two modules together as much as a value import does, for a reader and for a refactor.
 */
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
