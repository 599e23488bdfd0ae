import { assertPriceAllowed } from '../provider/price-cap';
import type { ErrorCode, newFeedBody } from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import type * as z from '../zod';
import type { Db } from '../db/client';
import { feedPosts, type FeedPostRow, type UserRow } from '../db/schema';
import { fail } from '../errors';
import type { Jobs } from '../jobs/jobs';
import { startFanout } from './fanout';
import { feedFanoutQueue } from './fanout-queue';
import { isRestricted } from '../users/user-dto';
import type { Tx } from '../db/transaction';
import { addItems, assertItemsUsable, mediaIdsOf, restOf } from './post-media';
import { scheduleTime } from './schedule';

/** What posting may be refused with. */
export const createPostCodes = [
  'forbidden',
  'creator_under_review',
  'validation',
  'empty_text',
  'media_required',
  'media_not_usable',
  'media_kind',
  'media_repeated',
  'schedule_in_past',
  'schedule_too_far',
  'send_id_reused',
  'price_above_cap',
] as const satisfies readonly ErrorCode[];

type NewPost = z.infer<typeof newFeedBody>;

/** What a post keeps of its request: a send id's retry must ask for the same. */
async function samePost(tx: Tx, row: FeedPostRow, body: NewPost, ids: string[]): Promise<boolean> {
  return (
    row.type === body.type &&
    row.text === body.text &&
    row.mediaId === (ids[0] ?? null) &&
    row.audience === body.audience &&
    row.price === body.price &&
    (await restOf(tx, row.id)).join() === ids.slice(1).join()
  );
}

async function assertMediaUsable(tx: Tx, me: UserRow, body: NewPost, ids: string[]): Promise<void> {
  if (body.type === 'text') {
    if (ids.length > 0) throw fail('validation', 'body.media_id: a text post carries no media');
    if (!body.text) throw fail('empty_text');
    return;
  }
  await assertItemsUsable(tx, me, body.type, ids);
}

/** What posting needs: the database, and the jobs that carry a post to its creator's followers. */
export interface PostDeps {
  db: Db;
  jobs: Pick<Jobs, 'boss' | 'wake'>;
}

/**
 * `POST /v1/feed`: a creator posts, once per send id (the (creator_id, send_id) key; a retry answers
 * the first post and tells no one again). The post, its photos and videos, and its fan-out job commit
 * together; the job then counts it and sends `new_feed` to each follower and live subscriber
 * (fanout.ts), so the request costs the same for a creator with a million followers as for one with
 * none. A post with `publish_at` waits unseen and starts no fan-out until it is published (schedule.ts).
 */
export async function createPost(deps: PostDeps, me: UserRow, body: NewPost): Promise<string> {
  if (me.type !== 'featured') throw fail('forbidden');
  // docs/rules.md, "Becoming a creator": a restricted creator posts once approved.
  if (isRestricted(me)) throw fail('creator_under_review');
  const ids = mediaIdsOf(body);
  const id = await deps.db.transaction(async (tx) => {
    const find = () =>
      tx
        .select()
        .from(feedPosts)
        .where(and(eq(feedPosts.creatorId, me.id), eq(feedPosts.sendId, body.send_id)));
    // Retries before checks: a post already made is answered whatever changed since.
    const [earlier] = await find();
    if (earlier) {
      if (!(await samePost(tx, earlier, body, ids))) throw fail('send_id_reused');
      return earlier.id;
    }
    await assertMediaUsable(tx, me, body, ids);
    await assertPriceAllowed(deps.db, me, body.price);
    const scheduledFor = body.publish_at === undefined ? null : scheduleTime(body.publish_at);
    const [created] = await tx
      .insert(feedPosts)
      .values({
        creatorId: me.id,
        type: body.type,
        text: body.text,
        mediaId: ids[0] ?? null,
        audience: body.audience,
        price: body.price,
        sendId: body.send_id,
        scheduledFor,
      })
      .onConflictDoNothing()
      .returning({ id: feedPosts.id });
    if (!created) {
      // A concurrent request with this send id committed first.
      const [winner] = await find();
      if (!winner) throw new Error('feed post send id conflict without a post');
      if (!(await samePost(tx, winner, body, ids))) throw fail('send_id_reused');
      return winner.id;
    }
    await addItems(tx, created.id, ids);
    if (scheduledFor === null) await startFanout(tx, deps.jobs.boss, created.id);
    return created.id;
  });
  deps.jobs.wake(feedFanoutQueue.name);
  return id;
}
