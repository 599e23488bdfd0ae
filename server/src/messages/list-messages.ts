import type { ErrorCode } from '@cove/contracts';
import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chatMembers, messages, purchases } from '../db/schema';
import { chatForMember } from '../chats/chat-store';
import { type MediaContext, mediaRowsById } from '../media';
import { heldBundles } from './bundle-items';
import type { MessageRow } from './message-dto';
import { viewMessage } from './message-view';
import { visibleTo } from './visible';

/** Which of these paid messages the viewer has bought. */
export async function boughtBy(db: Db, viewerId: string, rows: MessageRow[]): Promise<Set<number>> {
  const paid = rows.filter((m) => m.price > 0 && m.senderId !== viewerId).map((m) => m.id);
  if (paid.length === 0) return new Set();
  const bought = await db
    .select({ id: purchases.messageId })
    .from(purchases)
    .where(and(eq(purchases.buyerId, viewerId), inArray(purchases.messageId, paid)));
  return new Set(bought.map((b) => b.id));
}

/** Messages as one viewer sees them, with their media signed for that viewer. */
export async function toDtos(ctx: MediaContext, viewerId: string, rows: MessageRow[]) {
  const bought = await boughtBy(ctx.db, viewerId, rows);
  const bundles = await heldBundles(ctx.db, rows);
  const singles = await mediaRowsById(
    ctx.db,
    rows.filter((m) => !bundles.has(m.id)).map((m) => m.mediaId),
  );
  return rows.map((m) =>
    viewMessage(ctx.signer, m, viewerId, bought.has(m.id), {
      single: (m.mediaId && singles.get(m.mediaId)) || null,
      items: bundles.get(m.id) ?? null,
    }),
  );
}

export interface PageQuery {
  limit: number;
  /** Skips this many of the newest matching messages first (the spec's `offset`). */
  offset?: number | undefined;
  before?: string | undefined;
  last_message_id?: string | undefined;
}

/** What reading a chat's messages may be refused with: the caller is not in the chat. */
export const listMessagesCodes = ['not_found'] as const satisfies readonly ErrorCode[];

/**
 * A page of a chat's messages, newest first, by keyset on the message id: `before` pages back
 * through history, `last_message_id` asks for what is newer, `offset` skips that many first (the next
 * page's address continues by keyset from the last one returned). Only members see anything.
 */
export async function listMessages(ctx: MediaContext, chatId: string, viewerId: string, q: PageQuery) {
  const { db } = ctx;
  const { me } = await chatForMember(db, chatId, viewerId);
  const range = q.last_message_id
    ? gt(messages.id, Number(q.last_message_id))
    : q.before
      ? lt(messages.id, Number(q.before))
      : undefined;
  const rows = await db
    .select()
    .from(messages)
    .where(and(visibleTo(me), range))
    .orderBy(desc(messages.id))
    .limit(q.limit)
    .offset(q.offset ?? 0);
  const last = rows.at(-1);
  const next =
    rows.length === q.limit && last && !q.last_message_id
      ? `/v1/chats/${chatId}/messages?limit=${q.limit}&before=${last.id}`
      : null;
  return { data: await toDtos(ctx, viewerId, rows), next };
}

/** Messages by id that the viewer may see, in any of their chats (`GET /v1/messages?ids=`). */
export async function messagesByIds(ctx: MediaContext, viewerId: string, ids: number[]) {
  const { db } = ctx;
  if (ids.length === 0) return [];
  const chatIds = [
    ...new Set(
      (await db.select({ chatId: messages.chatId }).from(messages).where(inArray(messages.id, ids))).map(
        (r) => r.chatId,
      ),
    ),
  ];
  if (chatIds.length === 0) return [];
  const memberships = await db
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.userId, viewerId), inArray(chatMembers.chatId, chatIds)));
  const visible = await Promise.all(
    memberships.map((m) =>
      db
        .select()
        .from(messages)
        .where(and(visibleTo(m), inArray(messages.id, ids))),
    ),
  );
  return toDtos(
    ctx,
    viewerId,
    visible.flat().sort((a, b) => b.id - a.id),
  );
}
