import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Peak and current resident memory of a process, in MiB, from /proc (Linux). */
export function memoryOf(pid: number): { peakMiB: number; nowMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peakMiB: kb('VmHWM') / 1024, nowMiB: kb('VmRSS') / 1024 };
}

/** Resets the peak (VmHWM) to the current size, so a later peak belongs to what ran in between. */
export function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the peak then includes start-up, which only makes the figure larger.
  }
}

const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/** The built server (`server/dist/main.js`) as its own process on a fresh data folder; resolves once it listens. */
export async function startServer(
  serverRoot: string,
  dataDir: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [join(serverRoot, 'dist', 'main.js')], {
    cwd: serverRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const file = join(dataDir, 'server.json');
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (existsSync(file))
      return { child, port: (JSON.parse(readFileSync(file, 'utf8')) as { port: number }).port };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('server did not start within 60 s');
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([done, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** A bare HTTP server that streams each request body into a file: the baseline for an upload. */
export const plainCopyServer = `
const http = require('node:http');
const fs = require('node:fs');
const { pipeline } = require('node:stream');
const out = process.argv[1];
const server = http.createServer((req, res) => {
  pipeline(req, fs.createWriteStream(out), (err) => { res.statusCode = err ? 500 : 200; res.end(); });
});
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
`;

export async function startPlainServer(out: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['-e', plainCopyServer, out], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve(Number(m)));
    child.once('exit', (c) => reject(new Error(`plain server exited with ${c}`)));
  });
  return { child, port };
}
