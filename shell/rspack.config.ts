import { join } from 'node:path';
import { createConfig } from '@cove/build-config';
import { CopyRspackPlugin, type Configuration } from '@rspack/core';

const base = createConfig({ dir: __dirname, part: { kind: 'shell' } });
/** The shell plus its fixed-name files: the web app manifest and its icons, copied from `public/`. */
const shell: Configuration = {
  ...base,
  name: 'shell',
  plugins: [...(base.plugins ?? []), new CopyRspackPlugin({ patterns: [{ from: 'public' }] })],
};

/**
 * The service worker, built after the shell into the same folder as `/service-worker.js`: a fixed
 * name at the root (its scope is the folder it is served from), one self-contained file (a worker
 * cannot load chunks), outside Module Federation.
 */
const serviceWorker: Configuration = {
  name: 'service-worker',
  dependencies: ['shell'],
  context: __dirname,
  mode: 'production',
  target: 'webworker',
  devtool: false,
  entry: { 'service-worker': './src/push/service-worker.ts' },
  output: {
    path: shell.output?.path ?? join(__dirname, 'dist'),
    filename: 'service-worker.js',
    clean: false,
  },
  resolve: { extensions: ['.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: { parser: { syntax: 'typescript' } },
          env: { targets: 'chrome >= 109, firefox >= 115, safari >= 16.4' },
        },
        type: 'javascript/auto',
      },
    ],
  },
  stats: 'errors-warnings',
};

export default [shell, serviceWorker];
