// Bundles the benchmarks like the server: workspace TypeScript in, npm packages left external.
import { build } from 'esbuild';
import serverPkg from '../server/package.json' with { type: 'json' };

await build({
  entryPoints: {
    run: 'src/run.ts',
    media: 'src/media/main.ts',
    assets: 'src/assets/main.ts',
    'chat-screen': 'src/chat-screen/main.ts',
    soak: 'src/soak/main.ts',
    'heap-diff': 'src/soak/heap-diff.ts',
    'socket-clients': 'src/sockets/clients.ts',
    'http-clients': 'src/users-me/clients.ts',
    'send-clients': 'src/sends/clients.ts',
    'broadcast-clients': 'src/broadcast/clients.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: [
    ...Object.keys(serverPkg.dependencies).filter((d) => !d.startsWith('@cove/')),
    'ws',
    'pg-native',
  ],
  logLevel: 'warning',
});
