import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DataDirInUseError, isAlive, lockDataDir } from './data-dir-lock';
import { startCluster } from './embedded-cluster';

/** The database a process works on, and what it must do once done with it. */
export interface DatabaseSource {
  url: string;
  release(): Promise<void>;
}

interface Settings {
  dataDir: string;
  databaseUrl: string | undefined;
}

/** What the owner of a data folder's cluster tells other local processes (DATA_DIR/postgres.json). */
interface ClusterRecord {
  pid: number;
  url: string;
}

const recordFile = (dataDir: string) => join(dataDir, 'postgres.json');

const external = (url: string): DatabaseSource => ({ url, release: async () => {} });

/**
 * The server's database: DATABASE_URL, or the embedded cluster under DATA_DIR, which the server
 * starts and stops. One process owns a data folder; a second gets a DataDirInUseError.
 */
export function serverDatabase(s: Settings): Promise<DatabaseSource> {
  return s.databaseUrl ? Promise.resolve(external(s.databaseUrl)) : ownCluster(s.dataDir, true);
}

/**
 * A command-line tool's database: DATABASE_URL; else the embedded cluster of the Cove process that
 * holds DATA_DIR (a running server), through the URL it recorded; else that cluster started for
 * this command alone.
 */
export async function toolDatabase(s: Settings): Promise<DatabaseSource> {
  if (s.databaseUrl) return external(s.databaseUrl);
  try {
    return await ownCluster(s.dataDir, false);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    return external(await recordedUrl(s.dataDir, err.holder));
  }
}

async function ownCluster(dataDir: string, detached: boolean): Promise<DatabaseSource> {
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const cluster = await startCluster(join(dataDir, 'postgres'), { detached });
    try {
      await ensureDatabase(cluster.url('postgres'), 'cove');
    } catch (err) {
      await cluster.stop();
      throw err;
    }
    const record: ClusterRecord = { pid: process.pid, url: cluster.url('cove') };
    writeFileSync(recordFile(dataDir), JSON.stringify(record), { mode: 0o600 });
    return {
      url: record.url,
      release: async () => {
        rmSync(recordFile(dataDir), { force: true });
        await cluster.stop();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** The holder records its URL once its cluster is ready; a holder still starting is waited for. */
async function recordedUrl(dataDir: string, holder: number): Promise<string> {
  for (const started = Date.now(); isAlive(holder) && Date.now() - started < 60_000; await sleep(100)) {
    const record = readRecord(dataDir);
    if (record?.pid === holder) return record.url;
  }
  throw new Error(`Cove (pid ${holder}) holds ${dataDir} but its database is not running; try again later.`);
}

function readRecord(dataDir: string): ClusterRecord | null {
  try {
    return JSON.parse(readFileSync(recordFile(dataDir), 'utf8')) as ClusterRecord;
  } catch {
    return null;
  }
}
