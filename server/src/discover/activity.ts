import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { periodic } from '../jobs/jobs';

/** Days of activity Discover counts (docs/rules.md, Discover order). */
export const ACTIVITY_DAYS = 7;

/** What `discover_rank` (functions/discover/discover-rank.sql) works a creator's place out from. */
const rankInputs = sql.raw('is_online, last_online, recent_activity, punishment_level, punishment_until');

/** Every minute, by one instance at a time. */
export const activityRefresh = periodic('discover-activity', '* * * * *', 120);

/**
 * Brings each creator's `recent_activity`, and with it their `discover_rank`, up to date:
 * 1. the messages written since the mark are counted into `creator_activity` by sender and UTC day
 *    (the mark moves to the newest message seen, so each message is read once, whatever the table's size);
 * 2. days older than the window are dropped;
 * 3. each creator's activity becomes their messages in the window plus their live posts of the last
 *    7 days, written only where it changed (the database's trigger works out the rank);
 * 4. creators whose rank moved only with time (crossing the 72-hour line, a penalty ending) get it
 *    worked out again.
 * A message whose transaction commits after a newer one was counted is not counted: a rank, not a bill.
 */
export async function refreshDiscoverActivity(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [mark] = rowsOf<{ from: string; to: string }>(
      await tx.execute(sql`select message_id as from, (select coalesce(max(id), 0) from messages) as to
        from discover_activity_mark where id = 1 for update`),
    );
    if (mark && BigInt(mark.to) > BigInt(mark.from)) {
      await tx.execute(sql`
        insert into creator_activity (creator_id, day, messages)
        select m.sender_id, (m.created_at at time zone 'UTC')::date, count(*)
        from messages m join users u on u.id = m.sender_id and u.type = 'featured'
        where m.id > ${mark.from}::bigint and m.id <= ${mark.to}::bigint and not m.system
        group by 1, 2
        on conflict (creator_id, day) do update set messages = creator_activity.messages + excluded.messages`);
      await tx.execute(sql`update discover_activity_mark set message_id = ${mark.to}::bigint where id = 1`);
    }
    await tx.execute(sql`delete from creator_activity
      where day < (now() at time zone 'UTC')::date - ${ACTIVITY_DAYS - 1}::int`);
    await tx.execute(sql`
      update users u set recent_activity = s.n
      from (
        select c.id,
          (coalesce((select sum(a.messages) from creator_activity a where a.creator_id = c.id), 0)
            + (select count(*) from feed_posts p where p.creator_id = c.id and p.deleted_at is null
                and p.scheduled_for is null                and p.created_at > now() - make_interval(days => ${ACTIVITY_DAYS}::int)))::int as n
        from users c where c.type = 'featured'
      ) s
      where u.id = s.id and u.recent_activity <> s.n`);
    await tx.execute(sql`
      update users set discover_rank = discover_rank(${rankInputs})
      where type = 'featured' and discover_rank <> discover_rank(${rankInputs})`);
  });
}
