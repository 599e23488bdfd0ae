// Bundles the server and its command-line tools with esbuild. Workspace packages (TypeScript source)
// are bundled in; everything from npm stays external and is loaded from node_modules at run time.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import pkg from './package.json' with { type: 'json' };

const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@cove/'));
rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/main.ts',
    'seed-cli': 'src/cli/seed.ts',
    'release-cli': 'src/cli/release.ts',
    'admin-cli': 'src/cli/admin.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: [...external, 'pg-native'],
  logLevel: 'warning',
});
// The database functions' sources, applied at migrate time (src/db/apply-functions.ts, src/paths.ts).
cpSync('src/db/functions', 'dist/functions', { recursive: true });
