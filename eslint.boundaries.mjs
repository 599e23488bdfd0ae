import boundaries from 'eslint-plugin-boundaries';

// Who may import whom, in one place: between teams (shell, each remote, shared packages), inside a
// remote, inside the shell, and inside the server. eslint.config.mjs adds these blocks; the lint test
// (shared/build-config/test/lint-boundaries.test.ts) proves each rule on sources at the right paths.

/** The shell's folders, top layer first: a folder imports its own files and the layers below it. */
const shellLayers = [
  ['app'],
  ['screens', 'layout', 'popups'],
  ['onboarding', 'session', 'federation', 'realtime', 'push', 'email', 'awareness'],
  ['services'],
];
/** The only imports between folders of one shell layer; each goes one way, so no two folders loop. */
const shellSideways = { onboarding: ['session'], session: ['realtime'] };

const shellFolders = shellLayers.flat();
const shellLayerRules = shellLayers.flatMap((layer, depth) => {
  const below = shellLayers.slice(depth + 1).flat();
  return layer.map((folder) => ({
    from: `shell:${folder}`,
    allow: [folder, ...(shellSideways[folder] ?? []), ...below].map((to) => `shell:${to}`),
  }));
});

/** Each team's code, then its parts. Elements match in order, so the parts come before the catch-alls. */
const frontendElements = [
  { type: 'remote:feature', pattern: 'remotes/*/src/features/*', capture: ['remote', 'feature'] },
  {
    type: 'remote:feature',
    pattern: 'remotes/*/src/features/*',
    mode: 'file',
    capture: ['remote', 'feature'],
  },
  { type: 'remote:common', pattern: 'remotes/*/src/common/*', mode: 'file', capture: ['remote', 'file'] },
  { type: 'remote:app', pattern: 'remotes/*/src/*', mode: 'file', capture: ['remote', 'file'] },
  { type: 'remote', pattern: 'remotes/*', capture: ['remote'] },
  ...shellFolders.map((folder) => ({ type: `shell:${folder}`, pattern: `shell/src/${folder}` })),
  { type: 'shell:entry', pattern: 'shell/src/*', mode: 'file', capture: ['file'] },
  { type: 'shell', pattern: 'shell' },
  { type: 'shared', pattern: 'shared/*', capture: ['package'] },
];

/** A remote's own code: any of its parts, never another remote's. */
const ofRemote = (type) => [type, { remote: '{{ from.remote }}' }];
const remoteTypes = ['remote:feature', 'remote:common', 'remote:app', 'remote'];
const sameRemote = remoteTypes.map(ofRemote);
const shellTypes = ['shell', 'shell:entry', ...shellFolders.map((folder) => `shell:${folder}`)];

const frontendMessage =
  '${file.type} may not import ${dependency.type} (${dependency.source}). Teams share code only through shared/, ' +
  'and reach another remote at runtime through the federation. Inside a remote: app -> features -> common; inside ' +
  'the shell: app -> screens/layout/popups -> onboarding/session/federation/realtime/push/email/awareness -> services.';

const frontendSettings = {
  'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
  // Re-exports and lazy imports cross boundaries as much as imports do.
  'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
  'boundaries/elements': frontendElements,
};

/** Between teams: a remote imports only itself and shared/, the shell only itself and shared/. */
const betweenTeams = [
  { from: remoteTypes, allow: [...sameRemote, 'shared'] },
  { from: shellTypes, allow: [...shellTypes, 'shared'] },
];

/** Inside a remote (app -> features -> common) and inside the shell (its layers); shared/ below all. */
const layers = [
  { from: 'remote:app', allow: [ofRemote('remote:feature'), ofRemote('remote:common'), 'shared'] },
  { from: ['remote:feature', 'remote:common'], allow: [ofRemote('remote:common'), 'shared'] },
  { from: 'remote', allow: [...sameRemote, 'shared'] },
  { from: ['shell', 'shell:entry'], allow: [...shellTypes, 'shared'] },
  ...shellLayerRules.map(({ from, allow }) => ({ from, allow: [...allow, 'shared'] })),
];

const frontend = ['shell/src/**/*.{ts,tsx}', 'remotes/*/src/**/*.{ts,tsx}'];

/** The server's infrastructure: it serves every domain, so it imports none of them. */
const serverInfrastructure = ['plugins', 'realtime', 'db', 'jobs', 'storage', 'bus', 'mail', 'auth'];
/** Server-wide modules at `server/src/*.ts` that everything may use; `app.ts` and `main.ts` assemble the server. */
const serverAssembly = ['app.ts', 'main.ts'];

const serverSettings = {
  'import/resolver': { node: { extensions: ['.ts', '.js'] } },
  'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
  'boundaries/elements': [
    {
      type: 'server:infrastructure',
      pattern: `server/src/{${serverInfrastructure.join(',')}}/**`,
      mode: 'full',
      capture: ['folder', 'path'],
    },
    { type: 'server:assembly', pattern: `server/src/{${serverAssembly.join(',')}}`, mode: 'full' },
    { type: 'server:wide', pattern: 'server/src/*', mode: 'full', capture: ['file'] },
    { type: 'server:domain', pattern: 'server/src/*/**', mode: 'full', capture: ['folder', 'path'] },
  ],
};

/** Route registrations (`app.get(...)`, `app.route(...)`) belong in `server/src/routes/`. */
const routeRegistration =
  "CallExpression[callee.type='MemberExpression'][callee.object.name=/^(app|fastify|instance)$/]" +
  '[callee.property.name=/^(get|post|put|patch|delete|head|options|all|route)$/]';
/**
 * Infrastructure that serves what is not the API from the routes' own hook points: the OpenAPI
 * document and its page, and the built files.
 */
const routesOutsideRoutes = ['server/src/plugins/api-docs.ts', 'server/src/plugins/static-files.ts'];

function elementTypes(message, rules) {
  return ['error', { default: 'disallow', message, rules }];
}

/** The config blocks; `tests` are the test files' globs (tests may reach into their own team's parts). */
export function boundaryConfigs(tests) {
  return [
    {
      files: frontend,
      plugins: { boundaries },
      settings: frontendSettings,
      rules: { 'boundaries/element-types': elementTypes(frontendMessage, betweenTeams) },
    },
    {
      // Outside tests, each team's own layers as well (the rules above stay for tests).
      files: frontend,
      ignores: tests,
      rules: {
        'boundaries/element-types': elementTypes(frontendMessage, layers),
      },
    },
    {
      files: ['server/src/**/*.ts'],
      ignores: tests,
      plugins: { boundaries },
      settings: serverSettings,
      rules: {
        'boundaries/element-types': [
          'error',
          {
            default: 'allow',
            message:
              '${file.type} may not import ${dependency.type} (${dependency.source}): infrastructure folders ' +
              `(${serverInfrastructure.join(', ')}) import only each other and server-wide modules.`,
            rules: [{ from: 'server:infrastructure', disallow: ['server:domain', 'server:assembly'] }],
          },
        ],
        'no-restricted-syntax': [
          'error',
          { selector: routeRegistration, message: 'Routes are registered in server/src/routes/.' },
        ],
      },
    },
    {
      files: ['server/src/routes/**/*.ts', ...routesOutsideRoutes],
      rules: { 'no-restricted-syntax': 'off' },
    },
  ];
}
