// Runs each benchmark bundle in turn with the same arguments, so `--small` and `--only` reach all.
// `soak` runs only the soak (minutes to hours: never part of the other runs).
import { spawnSync } from 'node:child_process';

const env = { ...process.env, COVE_SERVER_ROOT: '../server', NODE_PATH: '../server/node_modules' };
const bundles =
  process.argv[2] === 'soak'
    ? ['dist/soak.js']
    : [
        'dist/run.js',
        'dist/media.js',
        'dist/assets.js',
        'dist/chat-screen.js',
        'dist/inbox-live.js',
        'dist/lighthouse.js',
      ];
for (const bundle of bundles) {
  const res = spawnSync(process.execPath, [bundle, ...process.argv.slice(2)], { stdio: 'inherit', env });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
