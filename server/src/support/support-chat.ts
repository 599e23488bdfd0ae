import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { chatBetween } from '../chats/chat-store';
import { insertChat } from '../chats/open-chat';
import { chatMembers, type UserRow } from '../db/schema';
import type { Tx } from '../db/transaction';
import { CREATOR_SHARE } from '../messages/charges';
import type { LoggedRow } from '../messages/db-call';
import { sendBatch } from '../messages/send-handoff';
import { textSendItem } from '../messages/send-message';
import { supportAccount } from './support-account';

/** Support's first word to a person whose account was just frozen. */
export const FROZEN_SUPPORT_TEXT =
  'Hi, this is Cove support. We have temporarily frozen your account while we look into it: chats and ' +
  'payments are paused. Please reply here and tell us anything that helps; we will answer in this chat.';

/**
 * Opens (or reuses) the chat between a person being frozen and the support account, brings it back to
 * their list, and writes support's first message, in the freeze's own transaction through the ordinary
 * send path (`send_one`). Answers the events it logged, to be told once the transaction commits.
 */
export async function openSupportChat(tx: Tx, user: UserRow): Promise<LoggedRow[]> {
  const support = await supportAccount(tx);
  if (!support || support.id === user.id) return [];
  const chat =
    (await chatBetween(tx, support.id, user.id)) ??
    (await insertChat(tx, support.id, user.id, { creditRate: 0, isIntro: false }));
  if (!chat) throw new Error('the support chat could not be opened');
  await tx
    .update(chatMembers)
    .set({ listed: true, hidden: false })
    .where(and(eq(chatMembers.chatId, chat.id), eq(chatMembers.userId, user.id)));
  const item = textSendItem(support, user.id, chat.id, FROZEN_SUPPORT_TEXT, randomUUID());
  const [outcome] = await sendBatch(tx, [item], CREATOR_SHARE);
  if (outcome?.status !== 'created') throw new Error(`support's message was refused: ${outcome?.status}`);
  return outcome.events;
}
