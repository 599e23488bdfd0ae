import { type ErrorCode, messagePreview, type SendMessageBody } from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import { frozenError } from '../chats/pair-rules';
import { chats, messages, type UserRow } from '../db/schema';
import { AppError, fail } from '../errors';
import { isUuid } from '../ids';
import { creditsOf } from '../ledger/ledger';
import { providerConfigFor } from '../provider/provider-config';
import { withEvents, type EventDeps } from '../realtime/with-events';
import { isBalanceTooLow, notEnoughCredits } from './charges';
import { recordDelivery } from './deliver';
import { assertAllowedGif } from './gifs';
import { endIntro } from './intro';
import { checkText } from './keyword-check';
import { messageFromJson, type MessageRow, toMessageDto } from './message-dto';
import { batcherFor, type SendBatcher, type SendItem, type SendOutcome } from './send-batch';
import { sameSend } from './send-key';
import { isRestricted } from '../users/user-dto';
import type { PurchaseDeps } from '../auto-messages/plugin';

/** What a send may be refused with: its own checks, the pair rules and the database's refusals. */
export const sendMessageCodes = [
  'own_message',
  'empty_text',
  'media_required',
  'media_kind',
  'media_not_usable',
  'price_not_allowed',
  'creator_under_review',
  'text_blocked',
  'text_warned',
  'user_not_found',
  'not_found',
  'own_chat',
  'gone',
  'frozen',
  'chat_refused',
  'blocked',
  'media_blocked',
  'bad_parent',
  'bad_gif',
  'not_enough_credits',
  'send_id_reused',
] as const satisfies readonly ErrorCode[];

/** Stands in for an id that is not a UUID: it names nothing, so the send id check still runs. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** A message id as stored; one that cannot exist (-1) never matches. */
const parentIdOf = (parent: string | undefined): number | null =>
  parent === undefined ? null : /^\d{1,15}$/.test(parent) ? Number(parent) : -1;

export interface SendDeps extends EventDeps, PurchaseDeps {
  config: { gifHosts: string[] };
}

export interface SendResult {
  message: MessageRow;
  credits: number;
  created: boolean;
}

/** The message a body asks for, as its row would hold it before the insert. */
function draftOf(me: UserRow, body: SendMessageBody): MessageRow {
  return {
    id: 0,
    chatId: body.chat_id ?? '',
    senderId: me.id,
    recipientId: body.recipient_id,
    type: body.type,
    system: false,
    visibleTo: null,
    text: body.text,
    gifUrl: body.type === 'gif' ? (body.gif_url ?? null) : null,
    mediaId: body.type === 'image' || body.type === 'video' ? (body.media_id ?? null) : null,
    price: body.price,
    cost: 0,
    selfDestruct: body.self_destruct,
    destructAt: null,
    parentMessageId: parentIdOf(body.parent_message_id),
    sendId: body.send_id,
    readAt: null,
    deletedAt: null,
    createdAt: new Date(0),
  };
}

/**
 * The first check that fails without reading the database, in the order they always ran. It is held
 * back until the database has said the send id is new: a retry of a delivered message is answered
 * with that message whatever changed since (a keyword list, a freeze).
 */
async function refusalOf(
  deps: SendDeps,
  me: UserRow,
  body: SendMessageBody,
  draft: MessageRow,
  warned: boolean,
): Promise<AppError | null> {
  try {
    if (body.recipient_id === me.id) throw fail('own_message');
    if (me.frozen) throw frozenError();
    if (body.type === 'text' && !body.text.trim()) throw fail('empty_text');
    if (body.type === 'gif') assertAllowedGif(body.gif_url, deps.config.gifHosts);
    if ((body.type === 'image' || body.type === 'video') && !draft.mediaId) throw fail('media_required');
    if (body.price > 0 && me.type !== 'featured') throw fail('price_not_allowed');
    if (body.price > 0 && isRestricted(me)) throw fail('creator_under_review');
    const verdict = checkText(body.text, await providerConfigFor(deps.db, me));
    if (verdict.kind === 'blocked') throw fail('text_blocked');
    if (verdict.kind === 'warn' && !warned) throw fail('text_warned');
    if (draft.mediaId !== null && !isUuid(draft.mediaId)) throw fail('media_not_usable');
    if (!isUuid(body.recipient_id)) throw fail('user_not_found');
    if (body.chat_id !== undefined && !isUuid(body.chat_id)) throw fail('not_found', 'Chat');
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

const uuidOr = (id: string | null) => (id === null || isUuid(id) ? id : NO_ID);

function itemOf(draft: MessageRow, body: SendMessageBody, refusal: AppError | null): SendItem {
  return {
    sender_id: draft.senderId,
    recipient_id: uuidOr(draft.recipientId) ?? NO_ID,
    chat_id: uuidOr(body.chat_id ?? null),
    send_id: body.send_id,
    type: draft.type,
    text: draft.text,
    gif_url: draft.gifUrl,
    media_id: uuidOr(draft.mediaId),
    price: draft.price,
    self_destruct: draft.selfDestruct,
    parent_message_id: draft.parentMessageId,
    ...(refusal ? { refusal: 'checked' } : {}),
    preview: messagePreview(draft),
    sender_view: toMessageDto(draft, draft.senderId, false),
    recipient_view: toMessageDto(draft, draft.recipientId, false),
  };
}

const plainRefusals = [
  'send_id_reused',
  'media_not_usable',
  'user_not_found',
  'gone',
  'blocked',
  'media_blocked',
  'bad_parent',
] as const;
const isPlainRefusal = (code: string): code is (typeof plainRefusals)[number] =>
  (plainRefusals as readonly string[]).includes(code);

/** The catalogue error for a send the database refused. */
function refusalError(outcome: Extract<SendOutcome, { status: 'refused' }>, held: AppError | null): AppError {
  const { code } = outcome;
  if (code === 'checked' && held) return held;
  if (code === 'not_found') return fail('not_found', 'Chat');
  if (code === 'media_kind') return fail('media_kind', outcome.arg === 'video' ? 'video' : 'image');
  if (code === 'not_enough_credits') return fail('not_enough_credits', Number(outcome.credits ?? 0));
  if (isPlainRefusal(code)) return fail(code);
  throw new Error(`send_messages refused with an unknown code: ${code}`);
}

/**
 * The creator's first answer in an intro chat also ends the intro, with a system message to each
 * side. It is rare, so it takes the general transaction rather than the batched function; the
 * database has already run every check, and a creator never pays to send.
 */
async function sendEndingIntro(deps: SendDeps, me: UserRow, draft: MessageRow, chatId: string) {
  const params = { ...draft, chatId };
  return withEvents(
    deps,
    async (tx, emit) => {
      const [locked] = await tx.select().from(chats).where(eq(chats.id, chatId)).for('no key update');
      if (!locked) throw fail('not_found', 'Chat');
      const { id: _id, createdAt: _at, ...values } = params;
      const [row] = await tx
        .insert(messages)
        .values(values)
        .onConflictDoNothing({ target: [messages.senderId, messages.sendId] })
        .returning();
      if (!row) {
        const [first] = await tx
          .select()
          .from(messages)
          .where(and(eq(messages.senderId, me.id), eq(messages.sendId, draft.sendId ?? '')));
        if (!first) throw new Error('message vanished after a send id conflict');
        return { message: sameSend(first, params), created: false };
      }
      await recordDelivery(tx, emit, row, 0);
      if (locked.isIntro && !locked.introEnded) await endIntro(tx, emit, locked, me.id, draft.recipientId);
      return { message: row, created: true };
    },
    { between: [me.id, draft.recipientId] },
  );
}

/**
 * Sends one message. The row, the charge and every counter and event commit together or not at
 * all, in one database call shared with the sends arriving at the same moment (send-batch.ts). The
 * client's send id is unique per sender: a retry returns the first message and charges nothing, and
 * the same id with other parameters is a 409. `warned` is the sender's confirmation after a keyword
 * warning.
 */
export async function sendMessage(
  deps: SendDeps,
  me: UserRow,
  body: SendMessageBody,
  warned = false,
  batcher: SendBatcher = batcherFor(deps),
): Promise<SendResult> {
  const draft = draftOf(me, body);
  const refusal = await refusalOf(deps, me, body, draft, warned);
  // Sends are laned by their creator: the sender when a creator writes, else the recipient.
  const laneKey = me.type === 'featured' ? me.id : body.recipient_id;
  const outcome = await batcher.submit(itemOf(draft, body, refusal), laneKey).catch(async (err: unknown) => {
    // A charge that raced past the balance check (a debit that took no user lock): the CHECK refused it.
    if (isBalanceTooLow(err)) throw await notEnoughCredits(deps.db, me.id);
    throw err;
  });
  switch (outcome.status) {
    case 'created':
    case 'stored': {
      const message = messageFromJson(outcome.message);
      // A fan's paid chat message is a purchase from the creator.
      if (outcome.status === 'created' && message.cost > 0)
        await deps.autoMessages.purchased(me.id, message.recipientId, {
          kind: 'message',
          messageId: message.id,
        });
      return { message, created: outcome.status === 'created', credits: Number(outcome.credits) };
    }
    case 'refused':
      throw refusalError(outcome, refusal);
    case 'slow': {
      const sent = await sendEndingIntro(deps, me, draft, outcome.chat_id);
      return { ...sent, credits: await creditsOf(deps.db, me.id) };
    }
  }
}
