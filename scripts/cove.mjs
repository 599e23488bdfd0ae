#!/usr/bin/env node
// The one entry point behind the root npm scripts. It obtains the pinned pnpm without corepack
// (corepack cannot verify this registry's metadata), installs the workspace when the lockfile
// changed, builds only what is out of date, then runs the asked task.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll, buildStale } from './build-steps.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];

export function run(cmd, args, opts = {}) {
  const status = runStatus(cmd, args, opts);
  if (status !== 0) process.exit(status);
}

/** Runs a command to its end and answers its exit status (1 for a signal or a failure to start). */
function runStatus(cmd, args, opts = {}) {
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts }).status ?? 1;
}

function pnpm(args, opts) {
  run('npx', ['--yes', `pnpm@${pnpmVersion}`, ...args], opts);
}

function ensureInstalled() {
  const installed = join(root, 'node_modules/.pnpm/lock.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  if (existsSync(installed) && readFileSync(installed, 'utf8') === readFileSync(lock, 'utf8')) return;
  pnpm(['install', '--frozen-lockfile', '--reporter=append-only']);
}

const bin = (name) => join(root, 'node_modules/.bin', name);
const journeys = (args) => [
  join(root, 'e2e/node_modules/.bin/playwright'),
  ['test', '-c', 'e2e/playwright.config.ts', ...args],
];
const [task = 'start', ...rest] = process.argv.slice(2);

ensureInstalled();
ensureSystemPackages(task);
switch (task) {
  case 'start':
    buildStale(root, pnpm);
    run('node', ['server/dist/main.js', ...rest]);
    break;
  case 'build':
    buildAll(root, pnpm);
    break;
  case 'test': {
    buildStale(root, pnpm);
    const jest = runStatus(bin('jest'), rest);
    // Arguments pick jest tests (a project, a file): a focused run, so the journeys are left out.
    if (rest.length > 0) {
      console.log('Browser journeys not run: arguments go to jest. Run them with npm run e2e.');
      process.exit(jest);
    }
    // The journeys run even after a jest failure, so one run reports both; either failing fails it.
    const e2e = runStatus(...journeys([]));
    process.exit(jest !== 0 ? jest : e2e);
    break;
  }
  case 'e2e':
    buildStale(root, pnpm);
    run(...journeys(rest));
    break;
  case 'lint':
    run(bin('eslint'), ['--max-warnings=0', '.', ...rest]);
    run(bin('prettier'), ['--check', '.']);
    // No unused files, exports or dependencies.
    run(bin('knip'), ['--no-progress']);
    break;
  case 'format':
    run(bin('prettier'), ['--write', '.']);
    break;
  case 'duplicates':
    // Repeated code, listed as a warning: unlike knip's dead code it never fails a run, because a row
    // is a place to look, not a verdict. The command is a machine tool, not a package: skipped where
    // it is not installed.
    if (runStatus('sh', ['-c', 'command -v duplicates'], { stdio: 'ignore' }) !== 0) {
      console.log('duplicates is not installed here: repeated code not listed.');
    } else {
      runStatus('duplicates', ['--seconds', '200', '--most', '200', ...rest]);
    }
    break;
  case 'typecheck':
    pnpm(['-r', '--parallel', 'typecheck']);
    break;
  case 'bench':
    buildStale(root, pnpm);
    pnpm(['--filter', '@cove/bench', 'bench', ...rest]);
    break;
  case 'seed':
  case 'admin':
    buildStale(root, pnpm);
    run('node', [`server/dist/${task}-cli.js`, ...rest]);
    break;
  case 'release':
    // Only the CLI and the shell it checks against: publishing one remote never waits on (or fails
    // because of) another remote's sources.
    buildStale(root, pnpm, ['shell', 'server']);
    run('node', ['server/dist/release-cli.js', ...rest]);
    break;
  case 'dev':
    // Nothing is built first: the remote builds itself in watch mode against the running site.
    run('node', ['scripts/dev-remote.mjs', ...rest]);
    break;
  default:
    console.error(
      `Unknown task "${task}". Tasks: start, dev, build, test, e2e, lint, format, duplicates, typecheck, bench, seed, admin, release`,
    );
    process.exit(2);
}
