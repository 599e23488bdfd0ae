import type { ErrorCode, newFeedBody } from '@cove/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type * as z from 'zod';
import { rowsOf } from '../db/rows';
import { feedPosts, type FeedPostRow, media, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { type EventDeps, withEvents } from '../realtime/with-events';
import { addNotification } from '../notifications/add';
import { liveSubscription } from './audience';
import { isRestricted } from '../users/user-dto';
import type { Tx } from '../db/transaction';

/** What posting may be refused with. */
export const createPostCodes = [
  'forbidden',
  'creator_under_review',
  'validation',
  'empty_text',
  'media_required',
  'media_not_usable',
  'media_kind',
  'send_id_reused',
] as const satisfies readonly ErrorCode[];

type NewPost = z.infer<typeof newFeedBody>;

/** What a post keeps of its request: a send id's retry must ask for the same. */
const samePost = (row: FeedPostRow, body: NewPost) =>
  row.type === body.type &&
  row.text === body.text &&
  row.mediaId === (body.media_id ?? null) &&
  row.audience === body.audience &&
  row.price === body.price;

async function assertMediaUsable(tx: Tx, me: UserRow, body: NewPost): Promise<void> {
  if (body.type === 'text') {
    if (body.media_id !== undefined) throw fail('validation', 'body.media_id: a text post carries no media');
    if (!body.text) throw fail('empty_text');
    return;
  }
  if (!body.media_id) throw fail('media_required');
  const [row] = await tx.select().from(media).where(eq(media.id, body.media_id));
  if (!row || row.ownerId !== me.id || row.deletedAt !== null || row.status !== 'ready')
    throw fail('media_not_usable');
  if (row.kind !== body.type) throw fail('media_kind', body.type);
}

/** Followers and live subscribers of a creator, each once. */
async function audienceOf(tx: Tx, creatorId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select f.follower_id as id from follows f where f.creator_id = ${creatorId}
      union
      select s.fan_id from subscriptions s where s.creator_id = ${creatorId} and ${liveSubscription}`),
  );
  return rows.map((r) => r.id);
}

/**
 * `POST /v1/feed`: a creator posts, once per send id (the (creator_id, send_id) key; a retry answers
 * the first post and tells no one again). The post and a `new_feed` event for each follower and live
 * subscriber commit together; the events go out after commit. One transaction holds them all, which
 * is fine up to thousands of followers (each append is one indexed upsert and insert).
 */
export async function createPost(deps: EventDeps, me: UserRow, body: NewPost): Promise<string> {
  if (me.type !== 'featured') throw fail('forbidden');
  // docs/rules.md, "Becoming a creator": a restricted creator posts once approved.
  if (isRestricted(me)) throw fail('creator_under_review');
  return withEvents(deps, async (tx, emit) => {
    const find = () =>
      tx
        .select()
        .from(feedPosts)
        .where(and(eq(feedPosts.creatorId, me.id), eq(feedPosts.sendId, body.send_id)));
    // Retries before checks: a post already made is answered whatever changed since.
    const [earlier] = await find();
    if (earlier) {
      if (!samePost(earlier, body)) throw fail('send_id_reused');
      return earlier.id;
    }
    await assertMediaUsable(tx, me, body);
    const [created] = await tx
      .insert(feedPosts)
      .values({
        creatorId: me.id,
        type: body.type,
        text: body.text,
        mediaId: body.type === 'text' ? null : (body.media_id ?? null),
        audience: body.audience,
        price: body.price,
        sendId: body.send_id,
      })
      .onConflictDoNothing()
      .returning({ id: feedPosts.id });
    if (!created) {
      // A concurrent request with this send id committed first.
      const [winner] = await find();
      if (!winner) throw new Error('feed post send id conflict without a post');
      if (!samePost(winner, body)) throw fail('send_id_reused');
      return winner.id;
    }
    const audience = await audienceOf(tx, me.id);
    for (const userId of audience) emit(userId, { type: 'new_feed', model_id: me.id, feed_id: created.id });
    await addNotification(tx, emit, audience, {
      kind: 'new_post',
      actorId: me.id,
      postId: created.id,
      url: `/creators/${me.id}`,
    });
    return created.id;
  });
}
