// Bundles the benchmarks like the server: workspace TypeScript in, npm packages left external.
import { build } from 'esbuild';
import { nodeBundle } from '../server/bundle.mjs';

await build({
  ...nodeBundle,
  entryPoints: {
    run: 'src/run.ts',
    media: 'src/media/main.ts',
    assets: 'src/assets/main.ts',
    'chat-screen': 'src/chat-screen/main.ts',
    'inbox-live': 'src/inbox-live/main.ts',
    lighthouse: 'src/lighthouse/main.ts',
    soak: 'src/soak/main.ts',
    'heap-diff': 'src/soak/heap-diff.ts',
    'socket-clients': 'src/sockets/clients.ts',
    'http-clients': 'src/users-me/clients.ts',
    'send-clients': 'src/sends/clients.ts',
    'tip-buy-clients': 'src/tip-buy/clients.ts',
    'broadcast-clients': 'src/broadcast/clients.ts',
  },
  external: [...nodeBundle.external, 'ws', 'esbuild', 'lighthouse', 'puppeteer-core'],
});
