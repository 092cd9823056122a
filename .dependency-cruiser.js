/**
 * The architecture's import rules (docs/ARCHITECTURE.md), checked by `npm run lint`.
 * Server layers, top to bottom: routes, plugins, app.ts and main.ts > services and jobs >
 * repositories, policies and adapters > db > common. A layer imports its own and the ones below,
 * never one above. Test files compose real parts and are held to the circle and Kysely rules only.
 */

// The seed composes storage, media and services to write demo data, like main.ts composes the app.
const TOP = ['^server/(routes|plugins|seed)/', '^server/(app|main)[.]ts$'];
// Tests compose real parts (an adapter with the repository that backs it, the queue on a connection):
// the layer rules bind production code; test files are held to the circle and Kysely rules only.
const TESTS = '[.]test[.]tsx?$';
const SERVICES = '^server/(services|jobs)/';
const REPOSITORIES = '^server/repositories/';
const LOW_SIBLINGS = '^server/(policies|adapters)/';
const KYSELY = '(^|/)node_modules/kysely/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: the modules cannot be understood, tested or loaded one without the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'repositories-below-services',
      severity: 'error',
      comment: 'Repositories return rows; they call no service, job, route or plugin (services call them).',
      from: { path: REPOSITORIES, pathNot: TESTS },
      to: { path: [SERVICES, ...TOP] },
    },
    {
      name: 'services-below-routes',
      severity: 'error',
      comment: 'Services and jobs hold the rules; HTTP (routes, plugins, the app) sits above them.',
      from: { path: SERVICES, pathNot: TESTS },
      to: { path: TOP },
    },
    {
      name: 'routes-call-services',
      severity: 'error',
      comment:
        'One endpoint shape: a route hands its input to one service method (app.services), which answers ' +
        'the view; a route neither builds a repository nor names its rows.',
      from: { path: '^server/routes/', pathNot: TESTS },
      to: { path: REPOSITORIES },
    },
    {
      name: 'routes-leave-authorization-to-tables-and-services',
      severity: 'error',
      comment:
        "Who may call is the endpoint table's access (checked by routes/route.ts), what a caller may do to " +
        "one object is the service's question: a route file asks no policy itself.",
      from: { path: '^server/routes/', pathNot: [TESTS, '^server/routes/route[.]ts$'] },
      to: { path: '^server/policies/' },
    },
    {
      name: 'http-reaches-no-database',
      severity: 'error',
      comment:
        'Routes and plugins reach data through services (and plugins through repositories): never the ' +
        'database layer (connection, schema, migrations) itself.',
      from: { path: '^server/(routes|plugins)/', pathNot: TESTS },
      to: { path: '^server/db/' },
    },
    {
      name: 'policies-and-adapters-below-repositories',
      severity: 'error',
      comment:
        'Policies are pure functions and adapters talk to the outside world: neither reads the database ' +
        'through repositories nor calls services, jobs or routes.',
      from: { path: LOW_SIBLINGS, pathNot: TESTS },
      to: { path: [REPOSITORIES, SERVICES, ...TOP] },
    },
    {
      name: 'server-base-below-all',
      severity: 'error',
      comment:
        'The files at the top of server/ (the configuration, the error type, the secret, the project root) ' +
        'are what every layer stands on: they import no layer of the server.',
      from: { path: '^server/[^/]+[.]ts$', pathNot: ['^server/(app|main)[.]ts$', TESTS, '[.]d[.]ts$'] },
      to: { path: '^server/[^/]+/' },
    },
    {
      name: 'db-below-repositories',
      severity: 'error',
      comment: 'The database layer (connection, schema, migrations) uses nothing above it.',
      from: { path: '^server/db/', pathNot: TESTS },
      to: { path: [REPOSITORIES, LOW_SIBLINGS, SERVICES, ...TOP] },
    },
    {
      name: 'migrations-frozen',
      severity: 'error',
      comment:
        'A migration imports no application code (it keeps a copy of what it needs), so changing that ' +
        'code never changes what replaying the migration does.',
      from: { path: '^server/db/migrations/' },
      to: { path: '^(server|common|web)/', pathNot: '^server/db/migrations/' },
    },
    {
      name: 'kysely-only-in-repositories-and-db',
      severity: 'error',
      comment: 'Queries live in repositories (and the db layer); the layers above receive repositories.',
      from: {
        pathNot: ['^server/(repositories|db)/', '^tests/', '^bench/', '^server/plugins/auth[.]ts$'],
      },
      to: { path: KYSELY },
    },
    {
      name: 'auth-plugin-kysely-types-only',
      severity: 'error',
      comment: 'better-auth is handed the Kysely instance; the auth plugin may name its type, not query.',
      from: { path: '^server/plugins/auth[.]ts$' },
      to: { path: KYSELY, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-imports-no-web',
      severity: 'error',
      comment: 'The web app is built for the browser; the server shares code with it through common/.',
      from: { path: '^(server|common)/' },
      to: { path: '^web/' },
    },
    {
      name: 'common-imports-no-server',
      severity: 'error',
      comment: 'common/ runs on both sides, so it cannot reach into the server.',
      from: { path: '^common/' },
      to: { path: '^server/' },
    },
    {
      name: 'common-imports-no-node',
      severity: 'error',
      comment: 'common/ runs in the browser too: no Node built-in modules.',
      from: { path: '^common/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'web-features-independent',
      severity: 'error',
      comment:
        'A web feature does not import another; what several share moves to web/components or web/lib.',
      from: { path: '^web/features/([^/]+)/' },
      to: { path: '^web/features/', pathNot: '^web/features/$1/' },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment:
        'web/components and web/lib serve every feature and the app shell: they import neither a feature ' +
        'nor the shell, or a shared piece would drag a screen (and its chunk) wherever it is used.',
      from: { path: '^web/(components|lib)/' },
      to: { path: '^web/(features|app)/' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import the check cannot resolve is one the rules above cannot see.',
      from: {},
      // The build's own virtual modules (web/build/web-texts.ts) are made by a plugin, not found on disk.
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^(dist|data)/'] },
    // Type-only imports count: they tie layers together as much as value imports do.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
