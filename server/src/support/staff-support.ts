import type { SupportChat, SupportReplyBody } from '@cove/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { chatForMember } from '../chats/chat-store';
import { chatMembers, chats, type UserRow, users } from '../db/schema';
import { sendMessage, type SendDeps } from '../messages/send-message';
import { listMessages, toDtos } from '../messages/list-messages';
import { bulkUpdate } from '../chats/bulk-update';
import type { EventDeps } from '../realtime/with-events';
import { toPublicUser } from '../users/public-dto';
import type { MediaContext } from '../media';
import { supportAccount } from './support-account';

interface Page {
  limit: number;
  offset: number;
}

/** The support account's row; a database without one has no support to answer as. */
async function support(db: MediaContext['db']): Promise<UserRow> {
  const row = await supportAccount(db);
  if (!row) throw new Error('the support account is missing; migrations did not run');
  return row;
}

/**
 * `GET /v1/admin/support/chats`: the support account's chats, those with messages support has not
 * read first, then by the latest message.
 */
export async function supportChats(db: MediaContext['db'], page: Page) {
  const me = await support(db);
  const rows = await db
    .select({ member: chatMembers, chat: chats, person: users })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .innerJoin(users, eq(users.id, chatMembers.otherId))
    .where(and(eq(chatMembers.userId, me.id), eq(chatMembers.listed, true)))
    .orderBy(sql`${chatMembers.unread} > 0 desc`, desc(chatMembers.lastMessageAt), chatMembers.chatId)
    .limit(page.limit + 1)
    .offset(page.offset);
  const data: SupportChat[] = rows.slice(0, page.limit).map(({ member, chat, person }) => ({
    chat_id: chat.id,
    user: toPublicUser(person),
    frozen: person.frozen,
    unread: member.unread,
    last_message_text: chat.lastMessageText,
    last_message_at: member.lastMessageAt?.toISOString() ?? null,
  }));
  const next =
    rows.length > page.limit
      ? `/v1/admin/support/chats?${new URLSearchParams({ limit: String(page.limit), offset: String(page.offset + page.limit) })}`
      : null;
  return { data, next };
}

/**
 * `GET /v1/admin/support/chats/:id/messages`: a support chat's thread as the support account sees it;
 * staff reading it reads it for support, so the chat leaves the unread top of the list.
 */
export async function supportThread(
  deps: EventDeps & { media: MediaContext },
  chatId: string,
  q: Parameters<typeof listMessages>[3],
) {
  const me = await support(deps.db);
  const page = await listMessages(deps.media, chatId, me.id, q);
  await bulkUpdate(deps, me.id, 'read', { ids: [chatId], type: 'all' });
  return page;
}

/** `POST /v1/admin/support/chats/:id/messages`: staff answer as the support account, through the send path. */
export async function answerAsSupport(deps: SendDeps, chatId: string, body: SupportReplyBody) {
  const me = await support(deps.db);
  const { other } = await chatForMember(deps.db, chatId, me.id);
  const { message } = await sendMessage(deps, me, {
    type: 'text',
    chat_id: chatId,
    recipient_id: other.userId,
    text: body.text,
    price: 0,
    self_destruct: false,
    send_id: body.send_id,
  });
  const [data] = await toDtos(deps.media, me.id, [message]);
  if (!data) throw new Error('sent message has no view');
  return { data };
}
