// Bundles the server and its command-line tools (options in bundle.mjs).
import { rmSync } from 'node:fs';
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
