import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { remoteRootPath, type RemoteName } from '@cove/contracts';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** The version name the test registry gives the build under test. */
const SMOKE_VERSION = 'smoke';

export class SmokeTestError extends Error {
  override readonly name = 'SmokeTestError';
}

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The test host: the built shell, a registry naming only the build under test, and no API (every `/v1/`
 * call is a 404, so the page is a signed-out visitor's). Files are read from disk as they are built.
 */
function hostServer(shellDir: string, remote: RemoteName, buildDir: string): Server {
  const versionPrefix = `/mf/${remote}/${SMOKE_VERSION}/`;
  return createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://smoke').pathname);
    const notFound = () => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"message":"Not found"}');
    };
    if (path === '/mf/registry.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      const entry = { current: SMOKE_VERSION, versions: [], history: [] };
      res.end(JSON.stringify({ schemaVersion: 1, updatedAt: null, remotes: { [remote]: entry } }));
      return;
    }
    let root = shellDir;
    let file = /\.[a-z0-9]+$/i.test(path) ? path : '/index.html';
    if (path.startsWith(versionPrefix)) {
      root = buildDir;
      file = path.slice(versionPrefix.length - 1);
    } else if (path.startsWith('/v1/') || path.startsWith('/mf/')) {
      notFound();
      return;
    }
    const full = normalize(join(root, file));
    if (!full.startsWith(root + sep)) {
      notFound();
      return;
    }
    readFile(full).then((body) => {
      res.writeHead(200, { 'content-type': contentTypes[extname(full)] ?? 'application/octet-stream' });
      res.end(body);
    }, notFound);
  });
}

/** Chromium prints the page's DOM once it has loaded and gone idle (with its timers run ahead). */
function dumpDom(url: string, profileDir: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      chromiumPath(),
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        `--user-data-dir=${profileDir}`,
        // Time enough for the shell's four load attempts a second apart.
        '--virtual-time-budget=15000',
        '--dump-dom',
        url,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let dom = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (dom += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new SmokeTestError(`Chromium did not start: ${err.message}`));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0 && dom.length > 0) resolve(dom);
      else
        reject(
          new SmokeTestError(
            `Chromium ended with ${signal ?? `exit code ${code}`} before showing the page. ${errors.trim().slice(-400)}`,
          ),
        );
    });
  });
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Why the page's area for `remote` does not show the remote's root route, or null when it does. */
export function smokeProblem(dom: string, remote: RemoteName): string | null {
  const open = new RegExp(`<section\\b[^>]*\\bdata-remote="${remote}"[^>]*>`).exec(dom);
  if (!open) return `the page has no area for ${remote}`;
  const state = /\bdata-remote-state="([^"]*)"/.exec(open[0])?.[1] ?? 'unknown';
  const area = dom.slice(open.index);
  const end = area.indexOf('</section></main>');
  const shown = textOf(end >= 0 ? area.slice(0, end) : area).slice(0, 200);
  if (state !== 'ready') return `its area is "${state}": ${shown}`;
  if (!area.includes(`data-remote-root="${remote}"`)) return `./App did not render: ${shown}`;
  if (textOf(area).length === 0) return './App rendered nothing';
  return null;
}

/**
 * Mounts a built remote in headless Chromium, inside the built shell as its host, at the remote's root
 * route, and refuses it unless `./App` renders there (no load failure, version refusal or crash).
 */
export async function smokeTest(
  shellDir: string,
  remote: RemoteName,
  buildDir: string,
  { timeoutMs = 60_000 }: { timeoutMs?: number } = {},
): Promise<void> {
  if (!existsSync(chromiumPath())) {
    throw new SmokeTestError(
      `The smoke test needs Chromium at ${chromiumPath()}: apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
  }
  if (!existsSync(join(shellDir, 'index.html'))) {
    throw new SmokeTestError(`The smoke test mounts the remote in the built shell: build the shell first.`);
  }
  const server = hostServer(shellDir, remote, buildDir);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const profile = await mkdtemp(join(tmpdir(), 'cove-smoke-'));
  try {
    const { port } = server.address() as AddressInfo;
    const route = remoteRootPath(remote);
    const dom = await dumpDom(`http://127.0.0.1:${port}${route}`, profile, timeoutMs);
    const problem = smokeProblem(dom, remote);
    if (problem) {
      throw new SmokeTestError(`${remote} failed its smoke test at ${route}: ${problem}`);
    }
  } finally {
    server.close();
    await rm(profile, { recursive: true, force: true });
  }
}
