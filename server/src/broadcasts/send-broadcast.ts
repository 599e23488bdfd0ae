import { assertPriceAllowed } from '../provider/price-cap';
import { type BroadcastSendBody, broadcastSendBody, type ErrorCode, messagePreview } from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type * as z from '../zod';
import { assertNotFrozen } from '../chats/pair-rules';
import { ownList } from '../fans/fan-lists';
import type { Db } from '../db/client';
import { broadcasts, media, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { bossDb } from '../jobs/boss-db';
import { bundlePick, bundleUsable, heldByPick, pickIdsValid } from '../messages/bundle-items';
import { checkText } from '../messages/keyword-check';
import { draftMessage } from '../messages/message-dto';
import { viewMessage } from '../messages/message-view';
import { providerConfigFor } from '../provider/provider-config';
import { broadcastOf } from './list-broadcasts';
import { type BroadcastJobData, broadcastQueue } from './queue';
import { idListOf } from './targets';
import { isRestricted } from '../users/user-dto';

/** What answers someone who may not broadcast. */
export const mayBroadcastCodes = ['forbidden'] as const satisfies readonly ErrorCode[];

/** What a broadcast may be refused with. */
export const sendBroadcastCodes = [
  'forbidden',
  'creator_under_review',
  'empty_text',
  'text_blocked',
  'media_required',
  'media_not_usable',
  'media_kind',
  'bad_request',
  'not_found',
  'price_above_cap',
] as const satisfies readonly ErrorCode[];

type Body = z.output<typeof broadcastSendBody>;

/** How far ahead a broadcast may be scheduled (docs/rules.md, Scheduled). */
export const MAX_SCHEDULE_MS = 30 * 24 * 3600 * 1000;

/** Only creators with the `broadcast` feature broadcast (provider defaults merged with their own). */
export async function assertMayBroadcast(db: Db, me: UserRow): Promise<void> {
  const { features } = await providerConfigFor(db, me);
  if (me.type !== 'featured' || !features.broadcast) throw fail('forbidden');
}

/** The checks a single send makes of a message, for the one message every recipient gets. */
async function assertSendable(db: Db, me: UserRow, body: Body): Promise<void> {
  assertNotFrozen(me);
  await assertPriceAllowed(db, me, body.price);
  if (body.type === 'text' && !body.text.trim()) throw fail('empty_text');
  if (checkText(body.text, await providerConfigFor(db, me)).kind === 'blocked') throw fail('text_blocked');
  if (body.type === 'text') {
    if (body.media_items)
      throw fail('bad_request', 'A bundle is sent as image or video, the kind of its first item.');
    return;
  }
  const first = firstMediaOf(body);
  if (!first) throw fail('media_required');
  if (!isUuid(first)) throw fail('media_not_usable');
  const [file] = await db.select().from(media).where(eq(media.id, first));
  if (!file || file.ownerId !== me.id || file.deletedAt !== null || file.status !== 'ready')
    throw fail('media_not_usable');
  if (file.kind !== body.type) throw fail('media_kind', body.type);
  const pick = bundlePick(body.media_items);
  if (pick && (!pickIdsValid(pick) || !(await bundleUsable(db, me.id, pick)))) throw fail('media_not_usable');
}

/** The broadcast's media: a bundle's first item, or its one media. */
const firstMediaOf = (body: Body) =>
  body.type === 'text' ? null : (body.media_items?.[0]?.media_id.toLowerCase() ?? body.media_id ?? null);

/** When it goes: now unless a time ahead is given, and never more than 30 days ahead. */
function sendTimeOf(body: Body, now: Date): Date {
  if (!body.send_at) return now;
  const at = new Date(body.send_at);
  if (at.getTime() - now.getTime() > MAX_SCHEDULE_MS)
    throw fail('bad_request', 'A broadcast can be scheduled up to 30 days ahead.');
  return at > now ? at : now;
}

/**
 * The message each recipient gets, as the event of each viewer shows it (the write adds the ids). One
 * view serves every recipient and may go out days later, so it names its items but signs no URL.
 */
async function viewsOf(db: Db, me: UserRow, body: Body) {
  const draft = draftMessage({
    chatId: '',
    senderId: me.id,
    recipientId: '',
    type: body.type,
    text: body.text,
    mediaId: firstMediaOf(body),
    price: body.price,
    selfDestruct: body.self_destruct,
  });
  const held = await heldByPick(db, me.id, bundlePick(body.media_items), draft.mediaId);
  return {
    preview: messagePreview(draft),
    views: {
      sender: viewMessage(null, draft, me.id, false, held),
      recipient: viewMessage(null, draft, draft.recipientId, false, held),
      owned: viewMessage(null, { ...draft, price: 0 }, draft.recipientId, false, held),
    },
  };
}

/**
 * Stores a broadcast and queues its writing in one transaction, and answers at once: no recipient is
 * touched in the request. One broadcast per creator and send id; a retry answers the first.
 */
export async function sendBroadcast(
  deps: { db: Db; boss: PgBoss },
  me: UserRow,
  input: BroadcastSendBody,
  now = new Date(),
) {
  const body = broadcastSendBody.parse(input);
  await assertMayBroadcast(deps.db, me);
  const first = await broadcastBySendId(deps.db, me.id, body.send_id);
  if (first) return first;
  // Reaching every fan at once is selling and being seen, which wait for approval.
  if (isRestricted(me)) throw fail('creator_under_review');
  await assertSendable(deps.db, me, body);
  // A list audience must be one of hers (404 otherwise); its members are read when it sends.
  const listId = body.list_id === undefined ? null : (await ownList(deps.db, me, body.list_id)).id;
  const sendAt = sendTimeOf(body, now);
  const views = await viewsOf(deps.db, me, body);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(broadcasts)
      .values({
        creatorId: me.id,
        sendId: body.send_id,
        status: 'scheduled',
        category: body.category,
        ids: idListOf(body.ids),
        exceptIds: idListOf(body.except_ids),
        listId,
        type: body.type,
        text: body.text,
        mediaId: firstMediaOf(body),
        mediaItems: body.type === 'text' ? null : bundlePick(body.media_items),
        price: body.price,
        selfDestruct: body.self_destruct,
        ...views,
        sendAt,
      })
      .onConflictDoNothing({ target: [broadcasts.creatorId, broadcasts.sendId] })
      .returning({ id: broadcasts.id });
    if (!row) return null;
    const data: BroadcastJobData = { broadcastId: row.id };
    await deps.boss.send(broadcastQueue.name, data, { startAfter: sendAt, db: bossDb(tx) });
    return row.id;
  });
  // No id: a concurrent retry stored it first.
  const stored = await (id
    ? broadcastOf(deps.db, me.id, id)
    : broadcastBySendId(deps.db, me.id, body.send_id));
  if (!stored) throw new Error('broadcast vanished after its insert');
  return stored;
}

async function broadcastBySendId(db: Db, creatorId: string, sendId: string) {
  const [row] = await db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(and(eq(broadcasts.creatorId, creatorId), eq(broadcasts.sendId, sendId)));
  return row ? broadcastOf(db, creatorId, row.id) : undefined;
}
