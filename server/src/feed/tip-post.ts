import type { ErrorCode } from '@cove/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { CallPurchaseDeps } from '../auto-messages/plugin';
import { isBlockedEitherWay } from '../chats/chat-store';
import { openChat, openChatCodes, otherUser } from '../chats/open-chat';
import type { Db } from '../db/client';
import { feedPosts, messages, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { tip, tipCodes } from '../messages/tip';
import type { EventDeps } from '../realtime/with-events';
import { sendStats } from './post-stats';

/** What a tip on a post may be refused with: the post, then opening the chat, then the tip's own. */
export const tipPostCodes = [
  ...new Set([...tipCodes, ...openChatCodes, 'not_found', 'tip_not_allowed', 'creator_unavailable']),
] as ErrorCode[];

interface PostTip {
  amount: number;
  send_id: string;
  message?: string | undefined;
}

/**
 * The creator of post `postId` when `me` may tip on it now, or the refusal: the post is live, not the
 * tipper's own, and no block stands between the two. The one home of these checks: a tip in credits
 * and a card payment that will send one both ask here.
 */
export async function creatorToTip(db: Db, me: UserRow, postId: string): Promise<string> {
  if (!isUuid(postId)) throw fail('not_found', 'Post');
  const [post] = await db
    .select({ creatorId: feedPosts.creatorId })
    .from(feedPosts)
    .where(and(eq(feedPosts.id, postId), isNull(feedPosts.deletedAt), isNull(feedPosts.scheduledFor)));
  if (!post) throw fail('not_found', 'Post');
  if (post.creatorId === me.id) throw fail('tip_not_allowed');
  // A block either way stops money between the two, as a post purchase says (docs/rules.md, Blocks).
  if (await isBlockedEitherWay(db, me.id, post.creatorId)) throw fail('creator_unavailable');
  return post.creatorId;
}

/**
 * `POST /v1/feed/:id/tip`: a fan tips a live post's creator. The tip is an ordinary tip in the fan's
 * chat with the creator (opened if they have none), naming the post, so the creator reads it in the
 * thread, earns from it as from any tip, and it is in the fan's charges. A send id already used is
 * handed to the tip as it is, before any other check, so a retry answers the first tip (or 409). A
 * new tip tells the creator the post's numbers.
 */
export async function tipPost(
  deps: EventDeps & CallPurchaseDeps,
  me: UserRow,
  postId: string,
  body: PostTip,
) {
  const extras = { note: body.message, postId };
  const [sent] = await deps.db
    .select({ chatId: messages.chatId })
    .from(messages)
    .where(and(eq(messages.senderId, me.id), eq(messages.sendId, body.send_id)));
  if (sent) return tip(deps, me, sent.chatId, body.amount, body.send_id, extras);

  const creatorId = await creatorToTip(deps.db, me, postId);
  const { chat } = await openChat(deps, me, await otherUser(deps.db, creatorId));
  const tipped = await tip(deps, me, chat.id, body.amount, body.send_id, extras);
  // The post's revenue moved: its creator's numbers tick (docs/rules.md, Post statistics).
  await sendStats(deps, postId);
  return tipped;
}
