import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteName } from '@cove/contracts';
import { openDatabase, type Db } from '../db/client';
import { toolDatabase } from '../db/database-source';
import { migrationsFolder } from '../paths';
import type { VersionHealth } from './health-rule';
import { versionHealth } from './health-store';
import type { RemoteStatus } from './releases';

export type HealthByRemote = Partial<Record<RemoteName, VersionHealth[]>>;

/**
 * Per remote, the error rates of its stable and canary versions since the canary began (all time
 * without one): what `release status` and the release page show.
 */
export async function statusHealth(db: Db, rows: RemoteStatus[]): Promise<HealthByRemote> {
  const health: HealthByRemote = {};
  for (const row of rows) {
    const versions = [row.current, row.canary?.version].filter((v): v is string => Boolean(v));
    const since = row.canary ? new Date(row.canary.startedAt) : null;
    health[row.remote] = await versionHealth(db, row.remote, versions, since);
  }
  return health;
}

/**
 * `statusHealth` for the CLI: read from DATABASE_URL or the running server's database; without either
 * there is nothing to read, and no database is started for a status.
 */
export async function readStatusHealth(
  dataDir: string,
  rows: RemoteStatus[],
  databaseUrl: string | undefined = process.env.DATABASE_URL || undefined,
): Promise<HealthByRemote | null> {
  if (!databaseUrl && !existsSync(join(dataDir, 'postgres.json'))) return null;
  const source = await toolDatabase({ dataDir, databaseUrl });
  const database = openDatabase({ url: source.url, migrationsFolder, poolSize: 1 });
  try {
    return await statusHealth(database.db, rows);
  } finally {
    await database.close();
    await source.release();
  }
}
