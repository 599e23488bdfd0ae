import type { ReleaseHealthReport, RemoteName } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { releaseHealth } from '../db/schema/release-health';
import { healthOf, type VersionHealth } from './health-rule';

/** Counts one report: a row per (remote, version, kind, session), its count and last time raised. */
export async function recordHealth(db: Db, report: ReleaseHealthReport): Promise<void> {
  await db
    .insert(releaseHealth)
    .values({ remote: report.remote, version: report.version, kind: report.kind, session: report.session })
    .onConflictDoUpdate({
      target: [releaseHealth.remote, releaseHealth.version, releaseHealth.kind, releaseHealth.session],
      set: { count: sql`${releaseHealth.count} + 1`, lastAt: sql`now()` },
    });
}

/**
 * Per version of one remote, reported since `since` (all time when null): the sessions that tried it
 * (any report) and those with a failure (anything but a load). One grouped query.
 */
export async function versionHealth(
  db: Db,
  remote: RemoteName,
  versions: string[],
  since: Date | null,
): Promise<VersionHealth[]> {
  if (versions.length === 0) return [];
  const result = await db.execute(sql`
    select version,
      count(distinct session)::int as sessions,
      count(distinct session) filter (where kind <> 'load')::int as failed
    from ${releaseHealth}
    where remote = ${remote}
      and version in (${sql.join(
        versions.map((v) => sql`${v}`),
        sql`, `,
      )})
      ${since ? sql`and last_at >= ${since.toISOString()}` : sql``}
    group by version`);
  const rows = rowsOf<{ version: string; sessions: number; failed: number }>(result);
  const found = new Map(rows.map((r) => [r.version, r]));
  return versions.map((v) => healthOf(v, found.get(v)?.sessions ?? 0, found.get(v)?.failed ?? 0));
}
