import { assertPriceAllowed } from '../provider/price-cap';
import { type ErrorCode, messagePreview, type SendMessageBody } from '@cove/contracts';
import { assertNotFrozen } from '../chats/pair-rules';
import { supportUserId } from '../support/support-account';
import type { UserRow } from '../db/schema';
import { AppError, fail } from '../errors';
import { isUuid } from '../ids';
import { providerConfigFor } from '../provider/provider-config';
import type { EventDeps } from '../realtime/with-events';
import { isBalanceTooLow, notEnoughCredits } from './charges';
import { type BundlePick, bundlePick, heldByPick, pickIdsValid } from './bundle-items';
import { assertAllowedGif } from './gifs';
import { introNotices } from './intro';
import { checkText } from './keyword-check';
import { draftMessage, messageFromJson, type MessageRow } from './message-dto';
import { type HeldMedia, viewMessage } from './message-view';
import { batcherFor, type SendBatcher, type WithinBatch } from './send-batch';
import { type SendItem, sendRefusal, sendRefusalCodes, sentBefore } from './send-handoff';
import { isRestricted } from '../users/user-dto';
import { messageDetail } from '../notifications/message-detail';
import type { MediaContext } from '../media';
import type { CallPurchaseDeps } from '../auto-messages/plugin';

/** What a send may be refused with: its own checks, the pair rules and the database's refusals. */
export const sendMessageCodes = [
  'own_message',
  'empty_text',
  'media_required',
  'price_not_allowed',
  'price_above_cap',
  'creator_under_review',
  'text_blocked',
  'text_warned',
  'own_chat',
  'frozen',
  'chat_refused',
  'bad_gif',
  'validation',
  ...sendRefusalCodes,
] as const satisfies readonly ErrorCode[];

/** Stands in for an id that is not a UUID: it names nothing, so the send id check still runs. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** A message id as stored; one that cannot exist (-1) never matches. */
const parentIdOf = (parent: string | undefined): number | null =>
  parent === undefined ? null : /^\d{1,15}$/.test(parent) ? Number(parent) : -1;

export interface SendDeps extends EventDeps, CallPurchaseDeps {
  config: { gifHosts: string[] };
  media: MediaContext;
}

export interface SendResult {
  message: MessageRow;
  credits: number;
  created: boolean;
}

const isMedia = (type: SendMessageBody['type']) => type === 'image' || type === 'video';

/** The message a body asks for, as its row would hold it before the insert (a bundle's first item is its media). */
function draftOf(me: UserRow, body: SendMessageBody, pick: BundlePick | null): MessageRow {
  return draftMessage({
    chatId: body.chat_id ?? '',
    senderId: me.id,
    recipientId: body.recipient_id,
    type: body.type,
    text: body.text,
    gifUrl: body.type === 'gif' ? (body.gif_url ?? null) : null,
    mediaId: isMedia(body.type) ? (pick?.[0]?.media_id ?? body.media_id ?? null) : null,
    price: body.price,
    selfDestruct: body.self_destruct,
    parentMessageId: parentIdOf(body.parent_message_id),
    sendId: body.send_id,
  });
}

/**
 * The first check of the request and the sender's own account that fails, in the order they always
 * ran; everything that reads other rows is `send_one`'s (send-handoff.ts). It is held back until the
 * database has said the send id is new: a retry of a delivered message is answered with that message
 * whatever changed since (a keyword list, a freeze).
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
    if (me.frozen) assertNotFrozen(me, body.recipient_id === (await supportUserId(deps.db)));
    if (body.type === 'text' && !body.text.trim()) throw fail('empty_text');
    if (body.type === 'gif') assertAllowedGif(body.gif_url, deps.config.gifHosts);
    if (isMedia(body.type) && !draft.mediaId) throw fail('media_required');
    if (body.media_items && !isMedia(body.type))
      throw fail('validation', 'type: a bundle is sent as image or video, the kind of its first item');
    if (body.price > 0 && me.type !== 'featured') throw fail('price_not_allowed');
    if (body.price > 0 && isRestricted(me)) throw fail('creator_under_review');
    await assertPriceAllowed(deps.db, me, body.price);
    const verdict = checkText(body.text, await providerConfigFor(deps.db, me));
    if (verdict.kind === 'blocked') throw fail('text_blocked');
    if (verdict.kind === 'warn' && !warned) throw fail('text_warned');
    if (draft.mediaId !== null && !isUuid(draft.mediaId)) throw fail('media_not_usable');
    if (!pickIdsValid(bundlePick(body.media_items))) throw fail('media_not_usable');
    if (!isUuid(body.recipient_id)) throw fail('user_not_found');
    if (body.chat_id !== undefined && !isUuid(body.chat_id)) throw fail('not_found', 'Chat');
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

const uuidOr = (id: string | null) => (id === null || isUuid(id) ? id : NO_ID);

/** The send as `send_one` takes it, with each side's event showing the message as their thread would. */
function itemOf(
  signer: MediaContext['signer'] | null,
  me: UserRow,
  draft: MessageRow,
  body: SendMessageBody,
  pick: BundlePick | null,
  held: HeldMedia,
): SendItem {
  return {
    sender_id: draft.senderId,
    recipient_id: uuidOr(draft.recipientId) ?? NO_ID,
    chat_id: uuidOr(body.chat_id ?? null),
    send_id: body.send_id,
    type: draft.type,
    text: draft.text,
    gif_url: draft.gifUrl,
    media_id: uuidOr(draft.mediaId),
    media_items: pickIdsValid(pick) ? pick : null,
    price: draft.price,
    self_destruct: draft.selfDestruct,
    parent_message_id: draft.parentMessageId,
    preview: messagePreview(draft),
    notification_detail: messageDetail(draft),
    sender_view: viewMessage(signer, draft, draft.senderId, false, held),
    recipient_view: viewMessage(signer, draft, draft.recipientId, false, held),
    ...(me.type === 'featured' ? { intro_end: introNotices(me.id, draft.recipientId) } : {}),
  };
}

/**
 * A plain text message as `send_one` takes it, for a message the server writes itself inside its own
 * transaction (support's first word to a frozen account, src/support/support-chat.ts).
 */
export function textSendItem(me: UserRow, recipientId: string, chatId: string, text: string, sendId: string) {
  const body: SendMessageBody = {
    type: 'text',
    chat_id: chatId,
    recipient_id: recipientId,
    text,
    price: 0,
    self_destruct: false,
    send_id: sendId,
  };
  return itemOf(null, me, draftOf(me, body, null), body, null, { single: null, items: null });
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
  const pick = bundlePick(body.media_items);
  const draft = draftOf(me, body, pick);
  const held = await heldByPick(deps.db, me.id, pick, draft.mediaId);
  const item = itemOf(deps.media.signer, me, draft, body, pick, held);
  const refusal = await refusalOf(deps, me, body, draft, warned);
  // Sends are laned by their creator: the sender when a creator writes, else the recipient.
  const laneKey = me.type === 'featured' ? me.id : body.recipient_id;
  let queued = false;
  // A fan's paid chat message is a purchase from the creator: its trigger commits with the batch.
  // Most creators thank no first purchase: their fans' sends keep the batch's one-statement path.
  const mayPay = async () =>
    me.type !== 'featured' && (await deps.autoMessages.mayThank(me.id, body.recipient_id));
  const purchased: WithinBatch = async (tx, sent) => {
    if (sent.status !== 'created') return;
    const { id, cost, recipientId } = messageFromJson(sent.message);
    if (cost > 0)
      queued = await deps.autoMessages.purchased(tx, me.id, recipientId, { kind: 'message', messageId: id });
  };
  const outcome = refusal
    ? await sentBefore(deps.db, item)
    : await batcher
        .submit(item, laneKey, (await mayPay()) ? purchased : undefined)
        .catch(async (err: unknown) => {
          // A charge that raced past the balance check (a debit that took no user lock): the CHECK refused it.
          if (isBalanceTooLow(err)) throw await notEnoughCredits(deps.db, me.id);
          throw err;
        });
  if (!outcome) throw refusal ?? new Error('send_messages answered nothing');
  if (outcome.status === 'refused') throw sendRefusal(outcome);
  if (queued) deps.autoMessages.wake();
  const message = messageFromJson(outcome.message);
  return { message, created: outcome.status === 'created', credits: outcome.credits };
}
