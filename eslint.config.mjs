import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import globals from 'globals';
import { boundaryConfigs } from './eslint.boundaries.mjs';

const browserCode = [
  'shell/**/*.{ts,tsx}',
  'remotes/**/*.{ts,tsx}',
  'shared/runtime/**/*.{ts,tsx}',
  'shared/ui/**/*.{ts,tsx}',
];
const tests = ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', '**/testing/**/*.{ts,tsx}', '**/jest.setup.ts'];

/** Imports every package's source must go through: a package's public entry points, never its files. */
const deepImports = {
  group: ['@cove/*/src', '@cove/*/src/**'],
  message: 'Import the package entry (@cove/runtime, @cove/runtime/testing, ...), not its source files.',
};
/**
 * Routing and streams run as one shared copy each, `@cove/router` and `@cove/rx`, which re-export only what
 * the site uses (a shared module is never tree-shaken). A value imported from the library itself would be
 * bundled as a second copy beside the shared one; a type import is erased, so it is allowed.
 */
const thinModules = {
  paths: [
    { name: 'react-router', message: 'Import routing from @cove/router, the one shared copy.' },
    { name: 'react-router-dom', message: 'Import routing from @cove/router, the one shared copy.' },
    { name: 'rxjs', message: 'Import from @cove/rx, the one shared copy.', allowTypeImports: true },
  ],
  patterns: [
    {
      group: ['react-router/*', 'react-router-dom/*', 'rxjs/*'],
      message: 'Import from @cove/router or @cove/rx, the shared copies.',
    },
  ],
};
/** The shell and remotes reach state and streams through the runtime's wrappers, so both can change in one place. */
const stateLibraries = {
  paths: [
    { name: 'valtio', message: 'Use the @cove/runtime store helpers.' },
    { name: '@cove/rx', message: 'Use the @cove/runtime bus helpers.' },
  ],
  patterns: [deepImports, { group: ['valtio/*'], message: 'Use the @cove/runtime store helpers.' }],
};
/** Remotes get the session and bus read-only through `host`: the writers are the shell's alone. */
const remoteImports = {
  ...stateLibraries,
  paths: [
    ...stateLibraries.paths,
    { name: '@cove/runtime/shell', message: 'Session writers and the owned bus are for the shell only.' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'server/drizzle/**',
      '**/*.d.ts',
      'bench/results/**',
      // What a journey run leaves: Playwright's HTML report (its own bundled scripts), traces, logs.
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  comments.recommended,
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      // Every suppression says why.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-restricted-imports': ['error', { patterns: [deepImports] }],
      '@typescript-eslint/no-restricted-imports': ['error', thinModules],
    },
  },
  {
    // The one place each library is imported from.
    files: ['shared/router/src/**/*.ts', 'shared/rx/src/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: browserCode,
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.strict },
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    ignores: tests,
    rules: { 'no-restricted-imports': ['error', stateLibraries] },
  },
  {
    files: ['remotes/*/src/**/*.{ts,tsx}'],
    ignores: tests,
    rules: { 'no-restricted-imports': ['error', remoteImports] },
  },
  {
    // Shared packages stand below every app: they never import the shell, a remote or the server.
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepImports,
            {
              group: [
                '@cove/shell',
                '@cove/chat',
                '@cove/discover',
                '@cove/account',
                '@cove/payouts',
                '@cove/server',
              ],
              message: 'Shared packages import no app code.',
            },
            {
              group: ['**/shell/**', '**/remotes/**', '**/server/**'],
              message: 'Shared packages import no app code.',
            },
          ],
        },
      ],
    },
  },
  ...boundaryConfigs(tests),
  {
    files: tests,
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // Benchmarks and command-line tools print their results.
    files: ['bench/**/*.ts', 'server/src/cli/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      '@typescript-eslint/no-require-imports': 'off',
      'no-console': 'off',
    },
  },
);
