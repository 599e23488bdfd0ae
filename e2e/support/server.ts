import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifactsDir, repoRoot, serverMain } from './paths';
import { openRelay, type Relay } from './relay';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The server ended before it answered: by an exit code (its own error, in its log) or a signal. */
class DiedBeforeReady extends Error {
  constructor(
    readonly signal: NodeJS.Signals | null,
    code: number | null,
  ) {
    super(
      `The server exited ${signal ? `by ${signal}` : `with code ${code}`} before it was ready; see e2e/artifacts.`,
    );
  }
}

/** The port `child` listens on, from the DATA_DIR/server.json it writes once listening; null before. */
async function listeningPort(dataDir: string, child: ChildProcess): Promise<number | null> {
  try {
    const info = JSON.parse(await readFile(join(dataDir, 'server.json'), 'utf8')) as {
      pid: number;
      port: number;
    };
    // A file left by another process is not this server's word.
    return info.pid === child.pid ? info.port : null;
  } catch {
    // not written yet, or being written
    return null;
  }
}

/** Waits until the server listens (its port goes to the relay) and its /readyz answers. */
async function waitUntilReady(
  dataDir: string,
  relay: Relay,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let died: DiedBeforeReady | null = null;
  child.once('exit', (code, signal) => (died = new DiedBeforeReady(signal, code)));
  let port: number | null = null;
  while (Date.now() < deadline) {
    if (died) throw died;
    port ??= await listeningPort(dataDir, child);
    if (port !== null) {
      relay.target(port);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (res.ok) return;
      } catch {
        // listening, not answering yet
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The server was not ready within ${timeoutMs} ms; see e2e/artifacts.`);
}

/**
 * Starts the built server with a fresh data folder; it publishes the built remotes itself.
 * `env` overrides its settings, such as `{ BOT_CHECK: 'fake' }` for the sign-in bot check (off otherwise,
 * whatever the calling shell has set).
 */
export async function startServer(
  name: string,
  env: Record<string, string> = {},
  hostname: SiteHostname = '127.0.0.1',
): Promise<RunningServer> {
  try {
    return await startOnce(name, env, hostname);
  } catch (err) {
    // Killed by a signal before it printed a line (seen once in a full CI run, never reproduced): a
    // second start tells that apart from a server that cannot start, which exits with a code.
    if (!(err instanceof DiedBeforeReady) || err.signal === null) throw err;
    console.warn(`${err.message} Starting it once more (log: ${name}-again-server.log).`);
    return startOnce(`${name}-again`, env, hostname);
  }
}

/**
 * The name the browser reaches the site by (the relay listens on 127.0.0.1 either way). Passkeys need
 * `localhost`: WebAuthn refuses an IP address as the relying party's id.
 */
export type SiteHostname = '127.0.0.1' | 'localhost';

async function startOnce(
  name: string,
  env: Record<string, string>,
  hostname: SiteHostname,
): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cove-e2e-'));
  // The browser's address for the site; the server itself listens on a port the OS gives it.
  const relay = await openRelay();
  const baseUrl = `http://${hostname}:${relay.port}`;
  mkdirSync(artifactsDir, { recursive: true });
  const log = createWriteStream(join(artifactsDir, `${name}-server.log`));
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      BOT_CHECK: 'off',
      LOG_LEVEL: 'info',
      // Links in mail (sign-in) and the site's origin checks use the address the browser uses.
      PUBLIC_URL: baseUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // A server stuck in its shutdown must not outlive the run.
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    }
    await relay.close();
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // A fresh server seeds the demo world first (a video through ffmpeg, the GIF library, a few hundred
    // calls): about 50 s on a quiet machine, more on a busy one. This waits for it; it times nothing.
    await waitUntilReady(dataDir, relay, child, 180_000);
  } catch (err) {
    // The caller never gets a handle to stop it with: a server left running here would outlive the run.
    await stop();
    throw err;
  }
  return { baseUrl, dataDir, stop };
}
