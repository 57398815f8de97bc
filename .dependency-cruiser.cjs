/**
 * The one-way layering of the workspace (issue 21 point 7) and no import cycles anywhere (point 4), checked by
 * `pnpm lint` (README "Layout"). A rule here is a path regex pair: `from` may not import `to`.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle: move what both sides need into a module of its own.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'resources-stand-alone',
      severity: 'error',
      comment: '@portal/resources is the bottom layer: it imports no other workspace package.',
      from: { path: '^resources/' },
      to: { path: '^(data-provider|customer-app|admin-app|server|cli|tests|scripts)/' },
    },
    {
      name: 'data-provider-below-apps',
      severity: 'error',
      comment: 'The data provider sits between the apps and resources: apps → data-provider → resources.',
      from: { path: '^data-provider/' },
      to: { path: '^(customer-app|admin-app|server|cli|tests|scripts)/' },
    },
    {
      name: 'apps-stay-apart',
      severity: 'error',
      comment: 'An app imports resources and the data provider, never the other app or the server.',
      from: { path: '^(customer-app|admin-app)/' },
      to: { path: '^(customer-app|admin-app|server|cli|tests)/', pathNot: '^$1/' },
    },
    {
      name: 'server-below-nothing-but-resources',
      severity: 'error',
      comment: 'The server depends on @portal/resources only, never on an app or the data provider.',
      from: { path: '^server/' },
      to: { path: '^(customer-app|admin-app|data-provider|cli|tests)/' },
    },
    {
      name: 'features-never-sideways',
      severity: 'error',
      comment: 'A feature of the customer app imports the shell and libraries, never another feature.',
      from: { path: '^customer-app/src/features/([^/]+)/' },
      to: { path: '^customer-app/src/features/', pathNot: '^customer-app/src/features/$1/' },
    },
    {
      name: 'scripts-not-into-server-tests',
      severity: 'error',
      comment: 'Scripts use the server, never its test support (test code is not a library).',
      from: { path: '^scripts/' },
      to: { path: '^server/test/' },
    },
    {
      name: 'cli-is-a-client',
      severity: 'error',
      comment:
        'The command line talks to the portal through the data provider and resources, never into the server.',
      from: { path: '^cli/(src|bin)/' },
      to: { path: '^(server|customer-app|admin-app|tests)/' },
    },
    {
      name: 'production-code-not-into-tests',
      severity: 'error',
      comment: 'Production code never imports test code.',
      from: {
        path: '^(resources|data-provider|customer-app|admin-app|server)/src/',
        pathNot: '\\.test\\.tsx?$|/test/',
      },
      to: { path: '(\\.test\\.tsx?$|/test/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|test-results|\\.test-reports)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'] },
    combinedDependencies: true,
  },
};
