// Which workspace packages produce a build, and whether that build is older than its inputs.
// `npm start` rebuilds only stale packages, so a second start is fast.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Built packages, in dependency order; shared/* are consumed as source by their users.
const built = ['remotes/chat', 'remotes/discover', 'remotes/account', 'remotes/payouts', 'shell', 'server'];
const inputs = ['src', 'package.json', 'rspack.config.ts', 'build.mjs', 'bundle.mjs', 'tsconfig.json'];
const sharedInputs = [
  'shared/contracts/src',
  'shared/runtime/src',
  'shared/ui/src',
  'shared/build-config/src',
  'pnpm-lock.yaml',
];
const stampName = '.cove-build-stamp';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function isStale(root, pkg) {
  const stamp = join(root, pkg, 'dist', stampName);
  if (!existsSync(stamp)) return true;
  const builtAt = statSync(stamp).mtimeMs;
  const paths = [...inputs.map((i) => join(root, pkg, i)), ...sharedInputs.map((i) => join(root, i))];
  return paths.some((p) => newestMtime(p) > builtAt);
}

function buildOne(root, pkg, pnpm) {
  pnpm(['--filter', `./${pkg}`, 'build']);
  writeFileSync(join(root, pkg, 'dist', stampName), new Date().toISOString());
}

/** Rebuilds the stale packages among `only` (all by default), in dependency order. */
export function buildStale(root, pnpm, only = built) {
  for (const pkg of built) if (only.includes(pkg) && isStale(root, pkg)) buildOne(root, pkg, pnpm);
}

export function buildAll(root, pnpm) {
  for (const pkg of built) buildOne(root, pkg, pnpm);
}
