import { join } from 'node:path';
import { containerName, type RemoteName } from '@cove/contracts';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, DefinePlugin, HtmlRspackPlugin } from '@rspack/core';
import { BootPreloadPlugin } from './boot-preload';
import { DevBuildReportPlugin } from './dev-build-report';
import { RemoteFirstVisitBudgetPlugin, ShellFirstVisitBudgetPlugin } from './first-visit-budget';
import { PrecompressPlugin } from './precompress';
import { sharedSingletons } from './shared-singletons';
import { RemoteSizeReportPlugin, SizeReportPlugin } from './size-report';

export type PartKind = { kind: 'shell' } | { kind: 'remote'; remote: RemoteName };

export interface PartOptions {
  /** The package folder (where package.json and src/ live). */
  dir: string;
  part: PartKind;
}

/** The shell's one entry: its page preloads what it boots, and the size report counts the same. */
const shellEntry = 'main';

const swcRule = {
  test: /\.(ts|tsx)$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    env: { targets: 'chrome >= 109, firefox >= 115, safari >= 15.4' },
  },
  type: 'javascript/auto',
};

/**
 * One Rspack config for every part of the site. The shell is the host: it has no static remotes and
 * registers them at runtime from the registry. A remote exposes exactly `./App` and writes an
 * `mf-manifest.json`, which is what the registry points at.
 */
export function createConfig({ dir, part }: PartOptions): Configuration {
  const isShell = part.kind === 'shell';
  // `npm run dev -- <remote>`: a watched, unminified build served by the dev server, never published.
  const dev = process.env.COVE_DEV === '1';
  const outDir = process.env.COVE_DIST_DIR || join(dir, 'dist');
  const federation = new ModuleFederationPlugin({
    name: isShell ? 'cove_shell' : containerName(part.remote),
    ...(isShell ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: { './App': './src/App.tsx' } }),
    shared: sharedSingletons(dir),
    shareStrategy: 'loaded-first',
    // One federation runtime per page: the shell puts its own on the page and remotes use it, so no
    // remoteEntry.js carries a copy (a remote built this way runs only in a shell that provides it).
    experiments: isShell ? { provideExternalRuntime: true } : { externalRuntime: true },
    manifest: true,
    dts: false,
  });

  return {
    context: dir,
    mode: 'production',
    devtool: dev ? 'cheap-module-source-map' : 'source-map',
    entry: isShell ? { [shellEntry]: './src/index.ts' } : {},
    output: {
      path: outDir,
      clean: true,
      // Remotes are served from /mf/<remote>/<version>/, a folder only known at release time.
      publicPath: isShell ? '/' : 'auto',
      filename: isShell ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      cssFilename: isShell ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: '[name].[contenthash:10].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: isShell ? 'cove_shell' : containerName(part.remote),
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // rxjs's ES2015 build: without it the default is its ES5 one, larger and with tslib's helpers.
      conditionNames: ['es2015', '...'],
    },
    module: {
      parser: { 'css/module': { namedExports: false } },
      rules: [
        swcRule,
        { test: /\.module\.css$/, type: 'css/module' },
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
        { test: /\.(svg|png|woff2)$/, type: 'asset' },
      ],
    },
    plugins: [
      federation,
      new DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify('production'),
        __COVE_BUILD_LABEL__: JSON.stringify(process.env.COVE_BUILD_LABEL ?? ''),
      }),
      ...(isShell
        ? [
            new HtmlRspackPlugin({ template: './src/index.html', scriptLoading: 'defer', minify: true }),
            new BootPreloadPlugin(shellEntry),
          ]
        : []),
      // The size reports and budgets count the precompressed files, so they come after this.
      ...(dev ? [] : [new PrecompressPlugin()]),
      ...(dev
        ? []
        : isShell
          ? [new SizeReportPlugin(shellEntry), new ShellFirstVisitBudgetPlugin(dir)]
          : [new RemoteSizeReportPlugin(part.remote), new RemoteFirstVisitBudgetPlugin(part.remote, dir)]),
      // Tells scripts/dev-remote.mjs when each compile is done, and whether it has errors.
      ...(dev ? [new DevBuildReportPlugin()] : []),
    ],
    ...(dev ? { optimization: { minimize: false } } : {}),
    performance: { hints: false },
    // Remotes resolve their public path from the manifest's URL at runtime, which is the intent; the
    // manifest plugin's note saying so is logged through infrastructure logging.
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  };
}
