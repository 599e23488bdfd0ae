import {
  type ErrorCode,
  type Message,
  type MessageNotice,
  messageNotice,
  messagePreview,
} from '@cove/contracts';
import { and, eq, sql } from 'drizzle-orm';
import * as z from '../zod';
import { chatNotFound } from '../chats/chat-store';
import type { Db } from '../db/client';
import { chatMembers, type UserRow, users } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { providerConfigFor } from '../provider/provider-config';
import type { EventDeps } from '../realtime/with-events';
import { isRestricted } from '../users/user-dto';
import { CREATOR_SHARE } from './charges';
import { checkText } from './keyword-check';
import { callBetween, createdOutcome, notifyLogged, shortOfCredits, storedOutcome } from './db-call';
import { draftMessage, messageFromJson, type MessageRow, toMessageDto } from './message-dto';
import type { CallPurchaseDeps } from '../auto-messages/plugin';

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
  'text_blocked',
] as const satisfies readonly ErrorCode[];

/**
 * What `tip_message` (src/db/functions/messages) is given: the fan, chat, amount and send id, whether
 * the creator awaits approval, the provider's default for the tips feature, the list preview, both
 * copies' texts and their notice (the amount each side's screen words), and both views but for what
 * the insert knows.
 */
type TipInput = z.infer<typeof tipInput>;
const tipInput = z.object({
  fan_id: z.string(),
  chat_id: z.string(),
  amount: z.number(),
  send_id: z.string(),
  note: z.nullable(z.string()),
  post_id: z.nullable(z.string()),
  creator_restricted: z.boolean(),
  tips_default: z.boolean(),
  fan_text: z.string(),
  creator_text: z.string(),
  notice: messageNotice,
  preview: z.string(),
  fan_view: z.custom<Message>(),
  creator_view: z.custom<Message>(),
});

/** Every answer of `tip_message`; `message` is the fan's copy. */
const tipOutcome = z.union([
  createdOutcome,
  storedOutcome,
  z.object({
    status: z.literal('refused'),
    code: z.enum([
      'not_found',
      'creator_unavailable',
      'frozen',
      'tip_not_allowed',
      'tips_disabled',
      'send_id_reused',
      'blocked',
    ]),
  }),
  shortOfCredits,
]);
type TipRefusal = Extract<z.infer<typeof tipOutcome>, { status: 'refused' }>;

/**
 * One copy of a tip as its row would hold it before the insert (the creator's id is the database's):
 * no sentence, the amount as its notice for each side's screen to word.
 */
function draftOf(
  me: UserRow,
  chatId: string,
  type: 'tip_user' | 'tip_model',
  notice: MessageNotice,
): MessageRow {
  const cost = notice.amount;
  return draftMessage({
    chatId,
    senderId: me.id,
    recipientId: '',
    type,
    system: true,
    text: '',
    notice,
    cost,
  });
}

function refusalError(outcome: TipRefusal) {
  switch (outcome.code) {
    case 'not_found':
      return chatNotFound();
    case 'not_enough_credits':
      return fail('not_enough_credits', outcome.credits);
    default:
      return fail(outcome.code);
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

/** What a tip may carry beside its amount: the fan's message and the post it was given on. */
export interface TipExtras {
  note?: string | undefined;
  postId?: string | undefined;
}

/**
 * A fan tips the creator of a chat, in one database call (`tip_message`, src/db/functions/messages),
 * which makes every check. The fan's copy (tip_user) carries the send id, so a retried tip is applied
 * once (and the same id for another chat, amount or kind of message is a 409); the creator's copy
 * (tip_model) counts as unread and marks the chat's tip badge. Node reads the provider's default and
 * whether the creator awaits approval, and builds both views.
 */
export async function tip(
  deps: EventDeps & CallPurchaseDeps,
  me: UserRow,
  chatId: string,
  amount: number,
  sendId: string,
  extras: TipExtras = {},
) {
  if (!isUuid(chatId)) throw chatNotFound();
  // An empty message is no message, so a retry with or without blank text is the same tip.
  const note = extras.note?.trim() || null;
  const postId = extras.postId ?? null;
  // The provider's default; the creator's own permission is read with their row.
  const config = await providerConfigFor(deps.db, null);
  // A tip's message reaches the creator like a message, so it passes the keyword lists too; with no
  // way to confirm a warning on a tip, a warned text is refused as a blocked one (docs/rules.md, Tips).
  if (note !== null && checkText(note, config).kind !== 'ok') throw fail('text_blocked');
  const notice: MessageNotice = { kind: 'tip', amount };
  const tipped = { tipNote: note, tipPostId: postId };
  const fanCopy = { ...draftOf(me, chatId, 'tip_user', notice), ...tipped, sendId };
  const creatorCopy = { ...draftOf(me, chatId, 'tip_model', notice), ...tipped };
  const input: TipInput = {
    fan_id: me.id,
    chat_id: chatId,
    amount,
    send_id: sendId,
    note,
    post_id: postId,
    creator_restricted: await tipsRestrictedCreator(deps.db, me.id, chatId),
    tips_default: config.features.tips,
    fan_text: fanCopy.text,
    creator_text: creatorCopy.text,
    notice,
    preview: messagePreview(creatorCopy),
    fan_view: toMessageDto(fanCopy, me.id, false),
    creator_view: toMessageDto(creatorCopy, creatorCopy.recipientId, false),
  };
  let queued = false;
  const creator = sql`(select other_id from chat_members where chat_id = ${chatId} and user_id = ${me.id})`;
  const thank = await deps.autoMessages.mayThank(me.id, creator);
  const outcome = await callBetween(
    deps.db,
    me.id,
    sql`select tip_message(${JSON.stringify(tipInput.parse(input))}::jsonb, ${CREATOR_SHARE}) as outcome`,
    tipOutcome,
    'tip_message',
    // In the tip's transaction, also for a retried tip: the trigger is once per fan, so firing it
    // again sends nothing.
    thank
      ? async (tx, answer) => {
          if (answer.status === 'refused') return;
          const { id, recipientId } = messageFromJson(answer.message);
          queued = await deps.autoMessages.purchased(tx, me.id, recipientId, {
            kind: 'message',
            messageId: id,
          });
        }
      : undefined,
  );
  if (outcome.status === 'refused') throw refusalError(outcome);
  if (queued) deps.autoMessages.wake();
  if (outcome.status === 'created') await notifyLogged(deps.realtime, outcome.events);
  const message = messageFromJson(outcome.message);
  return { data: toMessageDto(message, me.id, false), credits: outcome.credits };
}
