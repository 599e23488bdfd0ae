import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifactsDir, repoRoot, serverMain } from './paths';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A port nobody is listening on right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
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

async function waitUntilReady(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let died: DiedBeforeReady | null = null;
  child.once('exit', (code, signal) => (died = new DiedBeforeReady(signal, code)));
  while (Date.now() < deadline) {
    if (died) throw died;
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The server was not ready within ${timeoutMs} ms; see e2e/artifacts.`);
}

/**
 * Starts the built server on a free port with a fresh data folder; it publishes the built remotes itself.
 * `env` overrides its settings, such as `{ BOT_CHECK: 'fake' }` for the sign-in bot check (off otherwise,
 * whatever the calling shell has set).
 */
export async function startServer(name: string, env: Record<string, string> = {}): Promise<RunningServer> {
  try {
    return await startOnce(name, env);
  } catch (err) {
    // Killed by a signal before it printed a line (seen once in a full CI run, never reproduced): a
    // second start tells that apart from a server that cannot start, which exits with a code.
    if (!(err instanceof DiedBeforeReady) || err.signal === null) throw err;
    console.warn(`${err.message} Starting it once more (log: ${name}-again-server.log).`);
    return startOnce(`${name}-again`, env);
  }
}

async function startOnce(name: string, env: Record<string, string>): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cove-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  mkdirSync(artifactsDir, { recursive: true });
  const log = createWriteStream(join(artifactsDir, `${name}-server.log`));
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      BOT_CHECK: 'off',
      LOG_LEVEL: 'info',
      // Links in mail (sign-in) point at the address the browser uses.
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
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseUrl, child, 60_000);
  } catch (err) {
    // The caller never gets a handle to stop it with: a server left running here would keep jest alive.
    await stop();
    throw err;
  }
  return { baseUrl, dataDir, stop };
}
