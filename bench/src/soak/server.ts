import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { stop } from '../media/processes';

/** A seeded start (initdb, migrations, the demo world with its video) can take minutes on busy cores. */
const READY_MS = 300_000;

/** `--trace-gc`'s line for a full collection: heap used (committed) before -> after, MB. */
const MARK_COMPACT = /Mark-Compact(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \(([\d.]+)\) MB/;

export interface ServerMemory {
  /** Resident set, and its anonymous part (heaps, malloc arenas), MiB, from /proc. */
  rss_mib: number;
  anon_mib: number;
  /** The JS heap after the last full collection: live objects, and what V8 holds for them, MB. */
  heap_live_mb: number | null;
  heap_committed_mb: number | null;
}

export interface SoakServer {
  pid: number;
  base: string;
  memory(): ServerMemory;
  /** Writes a heap snapshot (SIGUSR2) and resolves with its path once it is complete. */
  snapshot(): Promise<string>;
  stop(): Promise<void>;
}

function procStatus(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (key: string) =>
    Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: mib('VmRSS'), anon: mib('RssAnon') };
}

/**
 * The built server (`server/dist/main.js`) as `npm start` runs it, on a fresh data folder with the
 * embedded PostgreSQL and the demo world. It traces full collections (for the live heap without an
 * inspector) and writes a heap snapshot into `snapshotDir` on SIGUSR2. Request and sign-in budgets
 * are raised so that the load measures memory, not the limits.
 */
export async function startSoakServer(
  serverRoot: string,
  dataDir: string,
  snapshotDir: string,
): Promise<SoakServer> {
  mkdirSync(snapshotDir, { recursive: true });
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--trace-gc',
      '--heapsnapshot-signal=SIGUSR2',
      `--diagnostic-dir=${snapshotDir}`,
      join(serverRoot, 'dist', 'main.js'),
    ],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '10000000',
        SIGN_IN_PER_10_MINUTES: '100000',
        SIGN_IN_PER_EMAIL_PER_10_MINUTES: '100000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const pid = child.pid as number;
  let heap: { live: number; committed: number } | undefined;
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const gc = MARK_COMPACT.exec(line);
    if (gc) heap = { live: Number(gc[1]), committed: Number(gc[2]) };
    // Scavenges and the rest of the GC trace are noise; the server's own log lines are not.
    else if (!/^\[\d+:0x[0-9a-f]+\]/.test(line)) console.log(line);
  });

  const file = join(dataDir, 'server.json');
  let port = 0;
  for (const deadline = Date.now() + READY_MS; !port; await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${READY_MS / 1000} s`);
    }
    if (existsSync(file)) port = (JSON.parse(readFileSync(file, 'utf8')) as { port: number }).port;
  }
  const base = `http://127.0.0.1:${port}`;
  const snapshots = () => new Set(readdirSync(snapshotDir).filter((f) => f.endsWith('.heapsnapshot')));
  return {
    pid,
    base,
    memory() {
      const { rss, anon } = procStatus(pid);
      return {
        rss_mib: rss,
        anon_mib: anon,
        heap_live_mb: heap?.live ?? null,
        heap_committed_mb: heap?.committed ?? null,
      };
    },
    async snapshot() {
      const before = snapshots();
      child.kill('SIGUSR2');
      let made: string | undefined;
      while (!(made = [...snapshots()].find((f) => !before.has(f)))) await sleep(100);
      // V8 writes the snapshot on the main thread, so the server answers again once it is complete.
      await fetch(`${base}/healthz`);
      return join(snapshotDir, made);
    },
    stop: () => stop(child),
  };
}
