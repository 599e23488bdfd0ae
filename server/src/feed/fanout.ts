import { eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { rowsOf } from '../db/rows';
import { feedFanouts } from '../db/schema';
import { retryConflicts, type Tx } from '../db/transaction';
import { bossDb } from '../jobs/boss-db';
import type { EventDeps } from '../realtime/with-events';
import { countedAudienceSql } from './audience';
import { type FeedFanoutJobData, feedFanoutQueue } from './fanout-queue';

/** People reached per transaction: big enough to be fast, small enough to hold their rows briefly. */
export const FANOUT_BATCH_SIZE = 2000;

/**
 * A new post's count is carried to its audience in the background (docs/rules.md, Home feed): the
 * row and its job commit with the post, so the request touches no follower, however many there are.
 */
export async function startFanout(tx: Tx, boss: PgBoss, postId: string): Promise<void> {
  await tx.insert(feedFanouts).values({ postId, state: 'adding' });
  const data: FeedFanoutJobData = { postId };
  await boss.send(feedFanoutQueue.name, data, { db: bossDb(tx) });
}

/**
 * A post is deleted (in the caller's transaction): an adding still under way stops, and those it had
 * already counted, or everyone once it had finished, have it taken back. A post never counted (made
 * before counting began) has nothing to take back.
 */
export async function takeBackFanout(tx: Tx, boss: PgBoss, postId: string): Promise<void> {
  const [row] = await tx.select().from(feedFanouts).where(eq(feedFanouts.postId, postId)).for('update');
  if (!row || row.state === 'removing' || row.state === 'removed') return;
  // Nobody reached yet: nothing to take back.
  const reachedNone = row.state === 'adding' && row.afterUserId === null;
  await tx
    .update(feedFanouts)
    .set({
      state: reachedNone ? 'removed' : 'removing',
      afterUserId: null,
      untilUserId: row.state === 'adding' ? row.afterUserId : null,
    })
    .where(eq(feedFanouts.postId, postId));
  if (reachedNone) return;
  const data: FeedFanoutJobData = { postId };
  await boss.send(feedFanoutQueue.name, data, { db: bossDb(tx) });
}

interface Reached {
  id: string;
  unread_feeds: number;
  counted: boolean;
}

/**
 * One batch of a post's fan-out or take-back in one transaction: the next people of its audience
 * after the last one reached, their counts moved (only where the post is newer than their last read
 * of the home feed), their events appended in bulk, and the place kept. Answers whether it is over;
 * a crash loses at most the batch, which is done again, never twice.
 */
async function fanoutBatch(deps: EventDeps, postId: string, size: number): Promise<boolean> {
  const { done, notify } = await retryConflicts(() =>
    deps.db.transaction(async (tx) => {
      const [job] = rowsOf<{
        state: 'adding' | 'removing';
        after_user_id: string | null;
        until_user_id: string | null;
        creator_id: string;
        created_at: Date | string;
      }>(
        await tx.execute(sql`
          select f.state, f.after_user_id, f.until_user_id, p.creator_id, p.created_at
          from feed_fanouts f join feed_posts p on p.id = f.post_id
          where f.post_id = ${postId} and f.state in ('adding', 'removing')
          for update of f`),
      );
      if (!job) return { done: true, notify: [] };
      const adding = job.state === 'adding';
      const postedAt = new Date(job.created_at).toISOString();
      const audience = countedAudienceSql(sql`${job.creator_id}::uuid`, sql`${postedAt}::timestamptz`);
      const after = job.after_user_id ? sql`a.id > ${job.after_user_id}::uuid` : sql`true`;
      const until = job.until_user_id ? sql`a.id <= ${job.until_user_id}::uuid` : sql`true`;
      const unread = sql`(u.feed_read_at is null or u.feed_read_at < ${postedAt}::timestamptz)`;
      const moved = adding ? sql`u.unread_feeds + 1` : sql`greatest(u.unread_feeds - 1, 0)`;
      // Rows locked in id order first, as every transaction between users takes them.
      const reached = rowsOf<Reached>(
        await tx.execute(sql`
          with batch as (
            select a.id from (${audience}) a
            where ${after} and ${until}
            order by a.id limit ${size}
          ), locked as (
            select u.id from users u join batch b on b.id = u.id order by u.id for no key update
          )
          update users u set unread_feeds = case when ${unread} then ${moved} else u.unread_feeds end
          from locked l where u.id = l.id
          returning u.id, u.unread_feeds, ${unread} as counted`),
      );
      const told = adding ? reached : reached.filter((r) => r.counted);
      if (told.length > 0) {
        told.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        const events = told.map((r) => ({
          id: r.id,
          payload: adding
            ? { model_id: job.creator_id, feed_id: postId, unread_feeds: r.unread_feeds }
            : { unread_feeds: r.unread_feeds },
        }));
        const type = adding ? 'new_feed' : 'unread_feeds';
        await tx.execute(sql`
          select append_user_events(array_agg((e->>'id')::uuid order by i),
            array_agg(${type}::text order by i), array_agg(e->'payload' order by i))
          from jsonb_array_elements(${JSON.stringify(events)}::jsonb) with ordinality as x(e, i)`);
        if (adding) await tellOfPost(tx, job.creator_id, postId, told);
      }
      const last = reached.reduce<string | null>((m, r) => (m === null || r.id > m ? r.id : m), null);
      const over = reached.length < size;
      await tx
        .update(feedFanouts)
        .set(over ? { state: adding ? 'added' : 'removed' } : { afterUserId: last })
        .where(eq(feedFanouts.postId, postId));
      return { done: over, notify: told.map((r) => r.id) };
    }),
  );
  if (notify.length > 0) await deps.realtime.notify(notify);
  return done;
}

/**
 * The batch's people who want `new_post` records get one (docs/rules.md, Notifications), made and
 * sent in the batch's transaction: a post reaches the centre exactly when it reaches the count.
 */
async function tellOfPost(tx: Tx, creatorId: string, postId: string, told: Reached[]): Promise<void> {
  const ids = `{${told.map((r) => r.id).join(',')}}`;
  await tx.execute(sql`
    with made as (
      select user_id, payload from add_notification(${ids}::uuid[], 'new_post', ${creatorId}::uuid,
        null, null, ${postId}::uuid, null, ${`/creators/${creatorId}?post=${postId}`})
    )
    select append_user_events(array_agg(user_id order by user_id),
      array_agg('notification'::text order by user_id), array_agg(payload order by user_id))
    from made`);
}

/** The job: batch after batch until the post's fan-out (or take-back) is over. */
export async function runFanout(deps: EventDeps, postId: string, size = FANOUT_BATCH_SIZE): Promise<void> {
  while (!(await fanoutBatch(deps, postId, size)));
}
