// How the server and the programs that run beside it (the benchmarks) are bundled with esbuild:
// workspace packages (TypeScript source) are bundled in; everything from npm stays external and is
// loaded from node_modules at run time.
import pkg from './package.json' with { type: 'json' };

/** esbuild options for a Node bundle into `dist`; add `entryPoints`, and any other package left out. */
export const nodeBundle = {
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: [...Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@cove/')), 'pg-native'],
  logLevel: 'warning',
};
