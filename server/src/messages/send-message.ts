import type { SendMessageBody } from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import {
  chatBetween,
  chatForMember,
  type ChatRow,
  isBlockedEitherWay,
  type Queryable,
} from '../chats/chat-store';
import { otherUser } from '../chats/open-chat';
import { fanOf, frozenError, isGone } from '../chats/pair-rules';
import { chats, messages, type UserRow } from '../db/schema';
import type { Db } from '../db/client';
import { fail } from '../errors';
import { creditsOf } from '../ledger/ledger';
import { assertUsableMedia } from '../media';
import { providerConfigFor } from '../provider/provider-config';
import { withEvents, type EventDeps } from '../realtime/with-events';
import { chargeFan, isBalanceTooLow, notEnoughCredits } from './charges';
import { recordDelivery } from './deliver';
import { assertAllowedGif } from './gifs';
import { checkText } from './keyword-check';
import { endIntro } from './intro';
import type { MessageRow } from './message-dto';
import { sameSend, type SendParams } from './send-key';
import { visibleTo } from './visible';

const mediaTypes = new Set(['image', 'video', 'gif']);

async function chatFor(db: Db, me: UserRow, body: SendMessageBody): Promise<ChatRow> {
  if (body.chat_id) {
    const { chat, other } = await chatForMember(db, body.chat_id, me.id);
    if (other.userId !== body.recipient_id) throw fail('not_found', 'Chat');
    return chat;
  }
  const chat = await chatBetween(db, me.id, body.recipient_id);
  if (!chat) throw fail('not_found', 'Chat');
  return chat;
}

function assertContent(me: UserRow, body: SendMessageBody, gifHosts: string[]): void {
  if (body.type === 'text' && !body.text.trim()) throw fail('empty_text');
  if (body.type === 'gif') assertAllowedGif(body.gif_url, gifHosts);
  if ((body.type === 'image' || body.type === 'video') && !body.media_id) {
    throw fail('media_required');
  }
  if (body.price > 0 && me.type !== 'featured') throw fail('price_not_allowed');
}

/** The sender's own processed photo or video for an image or video message, of the matching kind. */
async function usableMedia(db: Db, me: UserRow, body: SendMessageBody): Promise<string | null> {
  if (body.type !== 'image' && body.type !== 'video') return null;
  const row = await assertUsableMedia(db, body.media_id ?? '', me.id);
  if (row.kind !== body.type) throw fail('media_kind', body.type === 'image' ? 'image' : 'video');
  return row.id;
}

/** A message id as stored; one that cannot exist (-1) never matches. */
const parentIdOf = (parent: string | undefined): number | null =>
  parent === undefined ? null : /^\d{1,15}$/.test(parent) ? Number(parent) : -1;

/** A reply must quote a message the sender can see in the same chat. */
async function replyTarget(
  db: Db,
  chat: ChatRow,
  me: UserRow,
  parent: string | undefined,
): Promise<number | null> {
  const id = parentIdOf(parent);
  if (id === null) return null;
  const { me: member } = await chatForMember(db, chat.id, me.id);
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(visibleTo(member), eq(messages.id, id)));
  if (!row) throw fail('bad_parent');
  return row.id;
}

/**
 * What a fan pays for this message: nothing while their intro is running, else the chat's rate.
 * Read inside the send's transaction with the chat row locked, so two concurrent first messages
 * cannot both see no earlier message and both go free.
 */
async function costOf(
  db: Queryable,
  chat: ChatRow,
  me: UserRow,
  other: UserRow,
): Promise<{ cost: number; fan: UserRow | null }> {
  const fan = fanOf(me, other);
  if (!fan || fan.id !== me.id) return { cost: 0, fan };
  if (chat.isIntro && !chat.introEnded) {
    const [earlier] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.chatId, chat.id), eq(messages.senderId, me.id), eq(messages.system, false)))
      .limit(1);
    if (!earlier) return { cost: 0, fan };
  }
  return { cost: chat.creditRate, fan };
}

/**
 * The message already stored under this send id, checked against the retry's parameters (409 when
 * they differ). It is looked up before any other check: a block, a keyword-list change or an empty
 * balance since the first send must not fail a retry of a message that was delivered.
 */
async function storedSend(db: Db, me: UserRow, body: SendMessageBody): Promise<MessageRow | null> {
  const [first] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, me.id), eq(messages.sendId, body.send_id)));
  if (!first) return null;
  const chatId = body.chat_id ?? (await chatBetween(db, me.id, body.recipient_id))?.id ?? '';
  return sameSend(first, {
    type: body.type,
    chatId,
    recipientId: body.recipient_id,
    text: body.text,
    gifUrl: body.type === 'gif' ? (body.gif_url ?? null) : null,
    mediaId: body.type === 'image' || body.type === 'video' ? (body.media_id ?? null) : null,
    price: body.price,
    selfDestruct: body.self_destruct,
    parentMessageId: parentIdOf(body.parent_message_id),
  });
}

export interface SendResult {
  message: MessageRow;
  credits: number;
  created: boolean;
}

/**
 * Sends one message. The row, the charge and every counter and event commit together or not at
 * all; the client's send id is unique per sender, so a retry returns the first message and charges
 * nothing, and the same id with other parameters is a 409. `warned` is the sender's confirmation
 * after a keyword warning.
 */
export interface SendDeps extends EventDeps {
  config: { gifHosts: string[] };
}

export async function sendMessage(
  deps: SendDeps,
  me: UserRow,
  body: SendMessageBody,
  warned = false,
): Promise<SendResult> {
  const { db } = deps;
  const stored = await storedSend(db, me, body);
  if (stored) return { message: stored, created: false, credits: await creditsOf(db, me.id) };
  if (body.recipient_id === me.id) throw fail('own_message');
  if (me.frozen) throw frozenError();
  assertContent(me, body, deps.config.gifHosts);
  const verdict = checkText(body.text, await providerConfigFor(db, me));
  if (verdict.kind === 'blocked') throw fail('text_blocked');
  if (verdict.kind === 'warn' && !warned) {
    throw fail('text_warned');
  }

  const mediaId = await usableMedia(db, me, body);
  const other = await otherUser(db, body.recipient_id);
  if (isGone(other)) throw fail('gone');
  const chat = await chatFor(db, me, body);
  if (await isBlockedEitherWay(db, me.id, other.id)) throw fail('blocked');
  if (mediaTypes.has(body.type)) {
    const { other: otherMember } = await chatForMember(db, chat.id, me.id);
    if (otherMember.mediaBlocked) throw fail('media_blocked');
  }
  const parentId = await replyTarget(db, chat, me, body.parent_message_id);

  const params: SendParams = {
    type: body.type,
    chatId: chat.id,
    recipientId: other.id,
    text: body.text,
    gifUrl: body.type === 'gif' ? (body.gif_url ?? null) : null,
    mediaId,
    price: body.price,
    selfDestruct: body.self_destruct,
    parentMessageId: parentId,
  };

  try {
    const result = await withEvents(
      deps,
      async (tx, emit) => {
        // After the user rows transactionBetween locked: the global order is users, chat, events.
        const [locked] = await tx.select().from(chats).where(eq(chats.id, chat.id)).for('no key update');
        if (!locked) throw new Error('chat vanished during a send');
        const { cost, fan } = await costOf(tx, locked, me, other);
        const [row] = await tx
          .insert(messages)
          .values({ ...params, senderId: me.id, cost, sendId: body.send_id })
          .onConflictDoNothing({ target: [messages.senderId, messages.sendId] })
          .returning();
        if (!row) {
          const [first] = await tx
            .select()
            .from(messages)
            .where(and(eq(messages.senderId, me.id), eq(messages.sendId, body.send_id)));
          if (!first) throw new Error('message vanished after a send id conflict');
          return { message: sameSend(first, params), created: false };
        }
        if (cost > 0 && fan) {
          await chargeFan(tx, 'message', me.id, other.id, cost, `message:${row.id}`, {
            message_id: row.id,
            chat_id: chat.id,
          });
        }
        await recordDelivery(tx, emit, locked, row, cost);
        if (locked.isIntro && !locked.introEnded && me.type === 'featured')
          await endIntro(tx, emit, locked, me.id, other.id);
        return { message: row, created: true };
      },
      { between: [me.id, other.id] },
    );
    return { ...result, credits: await creditsOf(db, me.id) };
  } catch (err) {
    if (isBalanceTooLow(err)) throw await notEnoughCredits(db, me.id);
    throw err;
  }
}
