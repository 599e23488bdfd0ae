import type { ErrorCode } from '@cove/contracts';
import { chatForMember } from '../chats/chat-store';
import type { Queryable } from '../db/transaction';
import type { UserRow } from '../db/schema';
import { fail } from '../errors';

/** What asking about the person in a chat may be refused with. */
export const creatorChatCodes = ['forbidden', 'not_found'] as const satisfies readonly ErrorCode[];

/**
 * The one caller check of everything about the person in a chat: only a creator asks (a fan gets 403),
 * and only about a chat she is in (any other id answers 404 'Chat not found', as for one that does not
 * exist). Returns the chat's id and the other person's.
 */
export async function creatorChat(
  db: Queryable,
  me: UserRow,
  chatId: string,
): Promise<{ chatId: string; fanId: string }> {
  if (me.type !== 'featured') throw fail('forbidden');
  const { chat, other } = await chatForMember(db, chatId, me.id);
  return { chatId: chat.id, fanId: other.userId };
}
