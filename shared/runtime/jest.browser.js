// Jest settings for browser code tested through the real API client with MSW as the server: jsdom with
// Node's fetch, MSW's node entry, and its ES-module-only dependencies compiled to CommonJS.
const preset = require('../../jest.preset.js');

const esmOnly = [
  'rettime',
  '@open-draft',
  'until-async',
  'headers-polyfill',
  'tough-cookie',
  'tldts',
  'tldts-core',
];

/** @type {(name: string, overrides?: import('jest').Config) => import('jest').Config} */
module.exports = (name, overrides = {}) => {
  const base = preset(name);
  const [swc] = Object.values(base.transform);
  return {
    ...base,
    testEnvironment: require.resolve('./src/testing/jsdom-environment.js'),
    // MSW's package exports name a browser build first; jest should take the node one.
    testEnvironmentOptions: { customExportConditions: [''] },
    transform: { '^.+\\.m?(t|j)sx?$': swc },
    transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/|(cookie|${esmOnly.join('|')})/)`],
    ...overrides,
    setupFilesAfterEnv: [
      require.resolve('./src/testing/jest-setup.ts'),
      ...(overrides.setupFilesAfterEnv ?? []),
    ],
  };
};
