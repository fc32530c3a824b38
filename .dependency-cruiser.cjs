// Imports point down (issue #44): app/ → components/ → lib/, and no file circles. `npm test` runs it in
// its lint phase (scripts/test.sh); docs/architecture.md § Layers draws the same layers.
// Run alone: npx depcruise app components lib server.ts proxy.ts scripts bench e2e
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No file circles, type-only imports included: move the shared piece down to where it belongs.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kernel-imports-no-feature',
      comment:
        'The shared kernel (db, api, wallet, accounts, time), which every domain imports, imports no feature ' +
        'domain back: only itself and the framework beside it (config, http, i18n, ops, system settings, ' +
        'rate limits, realtime publish, storage, the console helpers of lib/admin, audit, sensitive words, ' +
        "lib/'s own files). A feature that acts on accounts lives in its own folder (lib/moderation's " +
        'sanctions and case file) or hooks in (lib/accounts/registration-hooks.ts).',
      severity: 'error',
      from: { path: '^lib/(db|api|wallet|accounts|time)/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^lib/',
        pathNot:
          '^lib/(db|api|wallet|accounts|time|config|http|i18n|ops|system|rate-limits|shared-state|realtime|store|storage|admin|audit|sensitive)/|^lib/[^/]+\\.ts$',
      },
    },
    {
      name: 'lib-not-up',
      comment:
        'lib/ imports neither components/, app/ nor the roots and tools above it (server.ts, scripts/, bench/).',
      severity: 'error',
      from: { path: '^lib/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(components|app|scripts|bench|e2e)/|^(server|proxy)\\.ts$' },
    },
    {
      name: 'lib-tests-not-to-screens',
      comment:
        "lib/'s tests may import the scripts and bench tools they check, not screens. Allowed: the two route " +
        'handlers that live in app/ (media files, uploads), whose tests in lib/media and lib/storage drive them.',
      severity: 'error',
      from: { path: '^lib/.*\\.test\\.tsx?$' },
      to: {
        path: '^(components|app)/',
        pathNot: '^app/(media/\\[\\.\\.\\.path\\]|uploads/\\[\\.\\.\\.key\\])/route\\.ts$',
      },
    },
    {
      name: 'commitment-browser-safe',
      comment:
        "The expert plans' commitment format is one module shared by the server, the visitor's browser, the " +
        'offline script and the tests: it imports nothing but @noble/hashes (no node:crypto, no db, no zod).',
      severity: 'error',
      from: { path: '^lib/experts/commitment\\.ts$' },
      to: { pathNot: '^node_modules/@noble/hashes/' },
    },
    {
      name: 'components-not-to-app',
      comment:
        'components/ holds what pages share; a page-local file that a component needs moves down to it.',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^(app|scripts|bench|e2e)/|^(server|proxy)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'metadata' },
  },
};
