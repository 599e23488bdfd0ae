// Runs each benchmark bundle in turn with the same arguments, so `--small` and `--only` reach all.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, COVE_SERVER_ROOT: '../server', NODE_PATH: '../server/node_modules' };
for (const bundle of ['dist/run.js', 'dist/media.js', 'dist/assets.js', 'dist/chat-screen.js']) {
  const res = spawnSync(process.execPath, [bundle, ...process.argv.slice(2)], { stdio: 'inherit', env });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
