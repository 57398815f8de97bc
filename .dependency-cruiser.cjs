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
      name: 'console-resources-never-sideways',
      severity: 'error',
      comment:
        "A resource folder of the admin console imports the generator, providers and admin-app/src/shared, never another resource's folder.",
      from: { path: '^admin-app/src/resources/([^/]+)/' },
      to: { path: '^admin-app/src/resources/[^/]+/', pathNot: '^admin-app/src/resources/$1/' },
    },
    {
      name: 'server-routes-not-into-db',
      severity: 'error',
      comment:
        "Route files reach the database through the modules' decorators (drizzle-orm: code-shape.test.ts).",
      from: { path: '^server/src/routes/' },
      to: { path: '^server/src/db/' },
    },
    {
      name: 'server-routes-from-app-only',
      severity: 'error',
      comment: 'Only app.ts registers route files (the few outside /api/v1); nothing else imports them.',
      from: { path: '^server/', pathNot: '^server/src/(routes/|app\\.ts$)' },
      to: { path: '^server/src/routes/' },
    },
    {
      name: 'server-modules-below-routes',
      severity: 'error',
      comment: 'Modules (business rules, repositories) never import a route file.',
      from: { path: '^server/src/modules/' },
      to: { path: '^server/src/routes/' },
    },
    {
      name: 'server-crud-below-modules',
      severity: 'error',
      comment: 'The CRUD framework (src/crud) is generic: it imports no module and no route file.',
      from: { path: '^server/src/crud/' },
      to: { path: '^server/src/(routes|modules)/' },
    },
    {
      name: 'server-transport-below-crud',
      severity: 'error',
      comment:
        'Transport plugins (src/transport) see requests, not resources: no CRUD framework, module or route.',
      from: { path: '^server/src/transport/' },
      to: { path: '^server/src/(routes|modules|crud)/' },
    },
    {
      name: 'server-db-at-the-bottom',
      severity: 'error',
      comment:
        'Tables and the client import nothing above them; the demo data (demo-*.ts) seeds through module rules.',
      from: { path: '^server/src/db/', pathNot: '^server/src/db/demo-' },
      to: { path: '^server/src/(routes|modules|crud|transport)/' },
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
