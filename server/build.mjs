// Bundles the server and its command-line tools (options in bundle.mjs), and ships the database
// functions' sources beside them.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { nodeBundle } from './bundle.mjs';

rmSync('dist', { recursive: true, force: true });
await build({
  ...nodeBundle,
  entryPoints: {
    main: 'src/main.ts',
    'seed-cli': 'src/cli/seed.ts',
    'release-cli': 'src/cli/release.ts',
    'admin-cli': 'src/cli/admin.ts',
  },
});
// The database functions' sources, applied at migrate time (src/db/apply-functions.ts, src/paths.ts).
cpSync('src/db/functions', 'dist/functions', { recursive: true });
