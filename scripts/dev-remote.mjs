#!/usr/bin/env node
// `npm run dev -- <remote> [--port N] [--site URL]`: one remote from source against a running Cove.
// Rspack rebuilds the remote on every save (watch mode, unminified, COVE_DEV=1) into a folder of its
// own; this server serves it with CORS to the site's page and tells the page to reload after each
// rebuild. The page runs this remote only in the tab opened with the printed `?cove-dev=` link; the
// shell, the other remotes and the registry are left as they are.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const remotes = { chat: 3101, discover: 3102, account: 3103, payouts: 3104 };
/** Each remote's root route in the shell (shell/src/app/routes.tsx). */
const rootRoutes = {
  chat: '/chats',
  discover: '/discover',
  account: '/account',
  payouts: '/account/earnings',
};
const usage = `Usage: npm run dev -- <remote> [--port <port>] [--site <url>]

Runs one remote from source with a rebuild on every save, for a Cove that is already running.
  <remote>       ${Object.keys(remotes).join(', ')}
  --port <port>  where this dev server listens (default: chat 3101, discover 3102, account 3103, payouts 3104;
                 0 takes any free port, named in the link it prints)
  --site <url>   the running Cove (default: COVE_SITE, else http://localhost:$PORT, else http://localhost:8080)`;

function fail(message) {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { port: { type: 'string' }, site: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
} catch (err) {
  fail(err.message);
}
if (parsed.values.help) {
  console.log(usage);
  process.exit(0);
}
const remote = parsed.positionals[0];
if (!(remote in remotes)) fail(remote ? `Unknown remote "${remote}".` : 'Which remote?');
let port = Number(parsed.values.port ?? remotes[remote]);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port takes a port number.`);
const site = (
  parsed.values.site ??
  process.env.COVE_SITE ??
  `http://localhost:${process.env.PORT ?? 8080}`
).replace(/\/$/, '');

// Known once listening: `--port 0` leaves the choice to the system, so nothing can take it first.
const origin = () => `http://localhost:${port}`;
const manifestUrl = () => `${origin()}/mf-manifest.json`;
const openUrl = () => `${site}${rootRoutes[remote]}?cove-dev=${remote}@${manifestUrl()}`;
const outDir = mkdtempSync(join(tmpdir(), `cove-dev-${remote}-`));

const contentTypes = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
/** Open `/__cove_dev/events` streams: each page running this remote, told when a rebuild is ready. */
const listeners = new Set();
/** Builds without errors so far; `broken` while the latest one has errors. */
let builds = 0;
let broken = false;

const server = createServer((req, res) => {
  // Any page may load the remote: it only ever serves this build, to this machine.
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('cache-control', 'no-store');
  const path = decodeURIComponent(new URL(req.url ?? '/', origin()).pathname);
  if (path === '/__cove_dev/events') {
    res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'keep-alive' });
    res.write(': connected\n\n');
    listeners.add(res);
    req.on('close', () => listeners.delete(res));
    return;
  }
  if (builds === 0) {
    res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' });
    res.end(
      broken
        ? `${remote} does not build: see the errors where npm run dev runs.`
        : `${remote} is still building.`,
    );
    return;
  }
  const file = normalize(join(outDir, path === '/' ? 'mf-manifest.json' : path));
  if (!file.startsWith(outDir + sep)) {
    res.writeHead(404).end();
    return;
  }
  try {
    const body = readFileSync(file);
    res.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }
});

async function checkSite() {
  try {
    const res = await fetch(`${site}/dev/remotes`);
    if (res.ok) return;
    console.warn(
      `! ${site} does not allow dev remotes (it answered ${res.status} at /dev/remotes): start it with` +
        ` ALLOW_DEV_REMOTES=true, which is the default unless NODE_ENV=production.`,
    );
  } catch {
    console.warn(`! No Cove answers at ${site}: start it (npm start) or name it with --site <url>.`);
  }
}

const count = (n, what) => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * After each compile, from the build's DevBuildReportPlugin (shared/build-config). A build with warnings
 * is served and reloads the pages; one with errors is not (Rspack writes nothing then), so the pages keep
 * the last good build until a save fixes it.
 */
function onCompiled({ errors, warnings }) {
  broken = errors > 0;
  if (broken) {
    console.error(
      builds === 0
        ? `✗ ${remote} does not build (${count(errors, 'error')}): fix and save; the link follows once it builds.`
        : `✗ ${remote} does not build (${count(errors, 'error')}): open pages keep the last good build until a save fixes it.`,
    );
    return;
  }
  builds += 1;
  const notes = warnings > 0 ? ` with ${count(warnings, 'warning')}` : '';
  if (builds === 1) {
    console.log(
      [
        '',
        `${remote} from source${notes}: ${manifestUrl()}, rebuilt on every save.`,
        `Open this in your browser (this tab runs your ${remote}; everything else is the site's):`,
        '',
        `  ${openUrl()}`,
        '',
        `The page shows "${remote} from localhost:${port} (dev)" with Turn off, and reloads after each rebuild.`,
        'Nothing else is rebuilt. Stop with Ctrl+C.',
        '',
      ].join('\n'),
    );
    void checkSite();
    return;
  }
  console.log(`${remote} rebuilt${notes}: reloading ${listeners.size} page(s).`);
  for (const res of listeners) res.write(`event: rebuilt\ndata: ${builds}\n\n`);
}

let rspack = null;
let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  if (rspack && rspack.exitCode === null) rspack.kill('SIGTERM');
  for (const res of listeners) res.end();
  server.close();
  rmSync(outDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
// `npm run dev` waits on this process without passing signals on: when it goes, so does this one.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop(0), 1000).unref();

server.on('error', (err) => {
  console.error(`The dev server could not listen on port ${port}: ${err.message}. Pick another with --port.`);
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => {
  port = server.address().port;
  console.log(`Building ${remote} (watch mode) into ${outDir}…`);
  rspack = spawn(join(root, 'remotes', remote, 'node_modules', '.bin', 'rspack'), ['build', '--watch'], {
    cwd: join(root, 'remotes', remote),
    env: { ...process.env, COVE_DEV: '1', COVE_DIST_DIR: outDir },
    // Its output is for the developer; when a compile is done the build says so over IPC (COVE_DEV=1
    // adds DevBuildReportPlugin), rather than in words that change with warnings, colours and versions.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  rspack.on('message', (message) => {
    if (message?.type === 'cove-dev-build') onCompiled(message);
  });
  rspack.on('exit', (code, signal) => {
    console.error(`The ${remote} build stopped (${signal ?? `exit code ${code}`}).`);
    stop(1);
  });
});
