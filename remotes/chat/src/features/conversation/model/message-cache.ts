import type { Message } from '@cove/contracts';
import { updatePagedItems } from '@cove/runtime/query';
import type { QueryClient } from '@tanstack/react-query';

/** A chat's cached messages, newest first, page by page. */
export const messagesKey = (chatId: string) => ['messages', chatId] as const;

const newestFirst = (a: Message, b: Message) => Number(b._id) - Number(a._id);

/** Puts a message into its place in the thread, replacing an older copy of it (by id). */
export function upsertMessage(client: QueryClient, message: Message): void {
  updatePagedItems<Message>(client, messagesKey(message.chat_id), (items) =>
    [...items.filter((m) => m._id !== message._id), message].sort(newestFirst),
  );
}

/** Changes one cached message in place. */
export function patchMessage(
  client: QueryClient,
  chatId: string,
  messageId: string,
  change: (m: Message) => Message,
): void {
  updatePagedItems<Message>(client, messagesKey(chatId), (items) =>
    items.map((m) => (m._id === messageId ? change(m) : m)),
  );
}

/** Takes a hidden, deleted or self-destructed message out of the thread. */
export function removeMessage(client: QueryClient, chatId: string, messageId: string): void {
  updatePagedItems<Message>(client, messagesKey(chatId), (items) => items.filter((m) => m._id !== messageId));
}

/** The other person read the chat: every message I sent before now shows as read. */
export function markMineRead(client: QueryClient, chatId: string, myId: string, readAt: string): void {
  updatePagedItems<Message>(client, messagesKey(chatId), (items) =>
    items.map((m) => (m.sender_id === myId && !m.is_read ? { ...m, is_read: true, read_at: readAt } : m)),
  );
}
