import type { ReleaseHealthKind, RemoteName } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { releaseHealth } from '../db/schema/release-health';
import { healthOf, sessionsPerNetwork, type HealthCounts, type VersionHealth } from './health-rule';
import type { HealthSender } from './health-token';

/** One report of a signed session (`health-token.ts`). */
export interface HealthReport extends HealthSender {
  remote: RemoteName;
  version: string;
  kind: ReleaseHealthKind;
}

/**
 * Counts one report: a row per (remote, version, kind, session), its count and last time raised. A
 * session repeating a report raises the count only, which changes no figure: answers whether this was
 * the session's first report of its kind, the only kind worth comparing a canary for again.
 */
export async function recordHealth(db: Db, report: HealthReport): Promise<boolean> {
  const { remote, version, kind, session, network } = report;
  const [row] = await db
    .insert(releaseHealth)
    .values({ remote, version, kind, session, network })
    .onConflictDoUpdate({
      target: [releaseHealth.remote, releaseHealth.version, releaseHealth.kind, releaseHealth.session],
      set: { count: sql`${releaseHealth.count} + 1`, lastAt: sql`now()` },
    })
    // A row the statement inserted has no deleting transaction yet (xmax 0); an updated one has.
    .returning({ first: sql<boolean>`xmax = 0` });
  return row?.first ?? false;
}

/**
 * Per version of one remote, reported since `since` (all time when null) and before `until` (when
 * given), by each session's last report: the sessions that tried it (any report) and those with a
 * failure (anything but a load), counting only the earliest `sessionsPerNetwork` sessions of each
 * network, and the networks behind them. One grouped query.
 */
export async function versionHealth(
  db: Db,
  remote: RemoteName,
  versions: string[],
  since: Date | null,
  until?: Date,
): Promise<VersionHealth[]> {
  if (versions.length === 0) return [];
  const result = await db.execute(sql`
    with sessions as (
      select version, network, session, min(first_at) as first_at, bool_or(kind <> 'load') as failed
      from ${releaseHealth}
      where remote = ${remote}
        and version in (${sql.join(
          versions.map((v) => sql`${v}`),
          sql`, `,
        )})
        ${since ? sql`and last_at >= ${since.toISOString()}` : sql``}
        ${until ? sql`and last_at < ${until.toISOString()}` : sql``}
      group by version, network, session
    ), counted as (
      select version, network, failed,
        row_number() over (partition by version, network order by first_at, session) as nth
      from sessions
    )
    select version,
      count(*)::int as sessions,
      count(*) filter (where failed)::int as failed,
      count(distinct network)::int as networks,
      count(distinct network) filter (where failed)::int as "failedNetworks"
    from counted
    where nth <= ${sessionsPerNetwork}
    group by version`);
  const rows = rowsOf<HealthCounts & { version: string }>(result);
  const found = new Map(rows.map(({ version, ...counts }) => [version, counts]));
  const none: HealthCounts = { sessions: 0, failed: 0, networks: 0, failedNetworks: 0 };
  return versions.map((v) => healthOf(v, found.get(v) ?? none));
}
