import { type ErrorCode, type FeedItem, SCHEDULE_DAYS_MAX } from '@cove/contracts';
import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { feedPosts } from '../db/schema';
import type { Tx } from '../db/transaction';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { periodic } from '../jobs/jobs';
import type { MediaContext } from '../media';
import { type Emit, type EventDeps, withEvents } from '../realtime/with-events';
import type { PostDeps } from './create-post';
import { startFanout } from './fanout';
import { feedFanoutQueue } from './fanout-queue';
import { postViews, toFeedItems } from './feed-item';

/**
 * Scheduled posts (docs/rules.md, Scheduled posts): a post made with `publish_at` waits, seen by its
 * creator only, until the minute sweep (or the creator's "Publish now") brings it out. Publishing is
 * one update that clears `scheduled_for` where it is still set, so of any number of publishers, on
 * any number of instances, one wins; it sets the post's time to the moment and starts what a new post
 * starts (its fan-out: followers' counts, `new_feed`, notifications), in the same transaction. The
 * creator's own tabs hear `new_feed` too, so the post moves from their Scheduled list to their feed.
 */

/** What publishing needs: the post's deps and the event log the creator hears it from. */
type PublishDeps = PostDeps & EventDeps;

/** What publishing a scheduled post now may be refused with. */
export const publishPostCodes = ['not_found', 'post_not_scheduled'] as const satisfies readonly ErrorCode[];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The sweep that publishes posts whose time has come, every minute, on one instance at a time. */
export const scheduledPostsSweep = periodic('scheduled-posts', '* * * * *', 120);

/** The moment a post asked to come out at, when it may: later than now and at most 90 days ahead. */
export function scheduleTime(publishAt: string, now = new Date()): Date {
  const at = new Date(publishAt);
  if (!(at.getTime() > now.getTime())) throw fail('schedule_in_past');
  if (at.getTime() > now.getTime() + SCHEDULE_DAYS_MAX * DAY_MS)
    throw fail('schedule_too_far', SCHEDULE_DAYS_MAX);
  return at;
}

/**
 * Publishes post `postId` in the caller's transaction if it is still scheduled (and, when `dueOnly`,
 * due): answers whether this call did it.
 */
async function publishIn(
  tx: Tx,
  emit: Emit,
  deps: PublishDeps,
  postId: string,
  dueOnly: boolean,
): Promise<boolean> {
  const [out] = await tx
    .update(feedPosts)
    .set({ scheduledFor: null, createdAt: sql`now()` })
    .where(
      and(
        eq(feedPosts.id, postId),
        isNotNull(feedPosts.scheduledFor),
        isNull(feedPosts.deletedAt),
        dueOnly ? lte(feedPosts.scheduledFor, sql`now()`) : undefined,
      ),
    )
    .returning({ creatorId: feedPosts.creatorId });
  if (!out) return false;
  await startFanout(tx, deps.jobs.boss, postId);
  emit(out.creatorId, { type: 'new_feed', model_id: out.creatorId, feed_id: postId });
  return true;
}

/** The sweep: every post due now, each published in its own transaction. Answers how many it did. */
export async function publishDuePosts(deps: PublishDeps): Promise<number> {
  let published = 0;
  for (;;) {
    const due = await deps.db
      .select({ id: feedPosts.id })
      .from(feedPosts)
      .where(
        and(
          isNotNull(feedPosts.scheduledFor),
          isNull(feedPosts.deletedAt),
          lte(feedPosts.scheduledFor, sql`now()`),
        ),
      )
      .orderBy(feedPosts.scheduledFor)
      .limit(100);
    if (due.length === 0) break;
    for (const { id } of due) {
      if (await withEvents(deps, (tx, emit) => publishIn(tx, emit, deps, id, true))) published++;
    }
  }
  if (published > 0) deps.jobs.wake(feedFanoutQueue.name);
  return published;
}

/** `POST /v1/feed/:id/publish`: the creator publishes a scheduled post now; 404 for anyone else. */
export async function publishNow(deps: PublishDeps, creatorId: string, postId: string): Promise<void> {
  if (!isUuid(postId)) throw fail('not_found', 'Post');
  const done = await withEvents(deps, async (tx, emit) => {
    const [own] = await tx
      .select({ id: feedPosts.id })
      .from(feedPosts)
      .where(and(eq(feedPosts.id, postId), eq(feedPosts.creatorId, creatorId), isNull(feedPosts.deletedAt)));
    if (!own) throw fail('not_found', 'Post');
    return publishIn(tx, emit, deps, postId, false);
  });
  if (!done) throw fail('post_not_scheduled');
  deps.jobs.wake(feedFanoutQueue.name);
}

/**
 * A new time for the creator's post, only while it is still scheduled (a publisher that got there
 * first wins: then the post is out and the change is refused).
 */
export async function reschedule(db: Db | Tx, creatorId: string, postId: string, publishAt: string) {
  const at = scheduleTime(publishAt);
  const changed = await db
    .update(feedPosts)
    .set({ scheduledFor: at })
    .where(
      and(
        eq(feedPosts.id, postId),
        eq(feedPosts.creatorId, creatorId),
        isNull(feedPosts.deletedAt),
        isNotNull(feedPosts.scheduledFor),
      ),
    )
    .returning({ id: feedPosts.id });
  if (changed.length === 0) throw fail('post_not_scheduled');
}

/** The most scheduled posts the list shows at once. */
const SCHEDULED_LIST_MAX = 200;

/** `GET /v1/feed/scheduled`: the caller's scheduled posts, soonest first. */
export async function listScheduled(ctx: MediaContext, creatorId: string): Promise<FeedItem[]> {
  const views = await postViews(ctx.db, creatorId, sql`p.creator_id = ${creatorId}`, {
    limit: SCHEDULED_LIST_MAX,
    offset: 0,
    scope: 'scheduled',
  });
  return toFeedItems(ctx, creatorId, views);
}
