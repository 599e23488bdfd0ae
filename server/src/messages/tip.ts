import { type ErrorCode, messagePreview } from '@cove/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { chatNotFound } from '../chats/chat-store';
import { frozenError } from '../chats/pair-rules';
import type { Db } from '../db/client';
import { chatMembers, messages, type UserRow, users } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { providerConfigFor } from '../provider/provider-config';
import type { EventDeps } from '../realtime/with-events';
import { isRestricted } from '../users/user-dto';
import { CREATOR_SHARE } from './charges';
import { callBetween, type LoggedRow, notifyLogged } from './db-call';
import { messageFromJson, type MessageRow, toMessageDto } from './message-dto';
import type { PurchaseDeps } from '../auto-messages/plugin';

/** What a tip may be refused with. */
export const tipCodes = [
  'not_found',
  'frozen',
  'tip_not_allowed',
  'tips_disabled',
  'blocked',
  'creator_unavailable',
  'send_id_reused',
  'not_enough_credits',
] as const satisfies readonly ErrorCode[];

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

/** What the `tip_message` function of migration 0012 answers; `message` is the fan's copy. */
type TipOutcome =
  | { status: 'created'; message: Record<string, unknown>; credits: number; events: LoggedRow[] }
  | { status: 'stored'; message: Record<string, unknown>; credits: number }
  | { status: 'refused'; code: string; credits?: number };

/** One copy of a tip as its row would hold it before the insert (the creator's id is the database's). */
function draftOf(
  me: UserRow,
  chatId: string,
  type: 'tip_user' | 'tip_model',
  text: string,
  amount: number,
): MessageRow {
  return {
    id: 0,
    chatId,
    senderId: me.id,
    recipientId: '',
    type,
    system: true,
    visibleTo: null,
    text,
    gifUrl: null,
    mediaId: null,
    price: 0,
    cost: amount,
    selfDestruct: false,
    destructAt: null,
    parentMessageId: null,
    sendId: null,
    readAt: null,
    deletedAt: null,
    createdAt: new Date(0),
  };
}

function refusalError(outcome: Extract<TipOutcome, { status: 'refused' }>) {
  switch (outcome.code) {
    case 'not_found':
      return chatNotFound();
    case 'checked':
      return frozenError();
    case 'tip_not_allowed':
    case 'tips_disabled':
    case 'blocked':
    case 'send_id_reused':
      return fail(outcome.code);
    case 'not_enough_credits':
      return fail('not_enough_credits', Number(outcome.credits ?? 0));
    default:
      throw new Error(`tip_message refused with an unknown code: ${outcome.code}`);
  }
}

/** Whether the other member of the fan's chat is a creator awaiting approval (docs/rules.md, Restricted creators). */
async function tipsRestrictedCreator(db: Db, fanId: string, chatId: string): Promise<boolean> {
  const [other] = await db
    .select({ user: users })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.otherId))
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, fanId)));
  return other !== undefined && isRestricted(other.user);
}

/** Whether the fan's tip with this send id was made already: its retry is answered, not refused. */
async function tipStored(db: Db, fanId: string, sendId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.senderId, fanId), eq(messages.sendId, sendId)));
  return row !== undefined;
}

/**
 * A fan tips the creator of a chat, in one database call (`tip_message`, migration 0012). The fan's
 * copy (tip_user) carries the send id, so a retried tip is applied once (and the same id for another
 * chat, amount or kind of message is a 409); the creator's copy (tip_model) counts as unread and
 * marks the chat's tip badge. Node makes the checks that need no database and builds both views.
 */
export async function tip(
  deps: EventDeps & PurchaseDeps,
  me: UserRow,
  chatId: string,
  amount: number,
  sendId: string,
) {
  if (!isUuid(chatId)) throw chatNotFound();
  if ((await tipsRestrictedCreator(deps.db, me.id, chatId)) && !(await tipStored(deps.db, me.id, sendId)))
    throw fail('creator_unavailable');
  // The provider's default; the creator's own permission is read with their row.
  const { features } = await providerConfigFor(deps.db, null);
  const fanCopy = { ...draftOf(me, chatId, 'tip_user', `You tipped ${credits(amount)}.`, amount), sendId };
  const creatorCopy = draftOf(me, chatId, 'tip_model', `Tipped you ${credits(amount)}.`, amount);
  const input = {
    fan_id: me.id,
    chat_id: chatId,
    amount,
    send_id: sendId,
    // Raised only once the chat is known to be the fan's, as the order of the checks has it.
    ...(me.frozen ? { refusal: 'frozen' } : {}),
    tips_default: features.tips,
    fan_text: fanCopy.text,
    creator_text: creatorCopy.text,
    preview: messagePreview(creatorCopy),
    fan_view: toMessageDto(fanCopy, me.id, false),
    creator_view: toMessageDto(creatorCopy, creatorCopy.recipientId, false),
  };
  const outcome = await callBetween<TipOutcome>(
    deps.db,
    me.id,
    sql`select tip_message(${JSON.stringify(input)}::jsonb, ${CREATOR_SHARE}) as outcome`,
  );
  if (outcome.status === 'refused') throw refusalError(outcome);
  if (outcome.status === 'created') await notifyLogged(deps.realtime, outcome.events);
  const message = messageFromJson(outcome.message);
  // Also for a retried tip: the trigger is once per fan, so firing it again sends nothing.
  await deps.autoMessages.purchased(me.id, message.recipientId, { kind: 'message', messageId: message.id });
  return { data: toMessageDto(message, me.id, false), credits: Number(outcome.credits) };
}
