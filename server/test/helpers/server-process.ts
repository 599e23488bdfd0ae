import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { bundleForNode } from './bundle';
import { serverRoot } from '../../src/paths';
import { readServerFile } from '../../src/server-file';

/** How long a start may take before the test gives up on it. */
const READY_MS = 75_000;

/** The real server (src/main.ts) in a process of its own, on a test's database, that can be killed outright. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>` of the running server; the OS picks the port at each start. */
  readonly baseUrl: string;
  /** Starts the server (again, on the same data folder and database) and waits until it is ready. */
  start(): Promise<void>;
  /** kill -9: no shutdown of any kind. */
  crash(): Promise<void>;
  /** Kills the process if it still runs and removes its folders; safe to call at any time. */
  dispose(): Promise<void>;
}

/** src/main.ts bundled from source into `folder`. */
const bundleMain = (folder: string) =>
  bundleForNode(join(serverRoot, 'src', 'main.ts'), join(folder, 'main.js'));

export async function serverProcess(databaseUrl: string): Promise<ServerProcess> {
  const folder = mkdtempSync(join(tmpdir(), 'cove-process-'));
  const main = await bundleMain(folder).catch((err: unknown) => {
    rmSync(folder, { recursive: true, force: true });
    throw err;
  });
  const dataDir = join(folder, 'data');
  let baseUrl = '';
  let child: ChildProcess | undefined;
  let output = '';
  // A server left behind by a test that failed or timed out must not outlive the jest worker.
  const killNow = () => child?.kill('SIGKILL');
  process.once('exit', killNow);

  const alive = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;

  const kill = async () => {
    if (!child || !alive(child)) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };

  const start = async () => {
    if (child && alive(child)) throw new Error('the server is already running');
    output = '';
    const c = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        NODE_PATH: join(serverRoot, 'node_modules'),
        COVE_SERVER_ROOT: serverRoot,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '1000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = c;
    // The tail of its output explains a start that fails.
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    c.stdout?.on('data', keep);
    c.stderr?.on('data', keep);
    // The server names its port in DATA_DIR/server.json once it listens; a killed one's file stays.
    // Generous: a start on a machine busy with the other test files (load far above its cores) has
    // taken over 30 s; a start that really hangs still fails, with the server's output.
    for (const deadline = Date.now() + READY_MS; Date.now() < deadline; await sleep(50)) {
      if (!alive(c)) throw new Error(`the server exited (${c.exitCode ?? c.signalCode}):\n${output}`);
      const info = readServerFile(dataDir);
      if (info && info.pid === c.pid) {
        baseUrl = `http://127.0.0.1:${info.port}`;
        return;
      }
    }
    await kill();
    throw new Error(`the server was not ready within ${READY_MS / 1000} s:\n${output}`);
  };

  return {
    get baseUrl() {
      return baseUrl;
    },
    start,
    crash: kill,
    dispose: async () => {
      await kill();
      process.removeListener('exit', killNow);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
