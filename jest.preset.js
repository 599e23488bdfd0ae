// Shared jest settings: TypeScript and TSX through swc, no type checking (tsc does that).
// Packages published only as ES modules are compiled to CommonJS too, since jest loads CommonJS.
const esmOnly = [
  'cookie',
  'set-cookie-parser',
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer',
  '@borewit',
  'uint8array-extras',
];
/** @type {(name: string, overrides?: import('jest').Config) => import('jest').Config} */
module.exports = (name, overrides = {}) => ({
  displayName: name,
  transform: {
    '^.+\\.(t|j)sx?$': [
      require.resolve('@swc/jest'),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx'],
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/|(${esmOnly.join('|')})/)`],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleNameMapper: { '\\.css$': require.resolve('./jest.style-stub.js') },
  ...overrides,
});
