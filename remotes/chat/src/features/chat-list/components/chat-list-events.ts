import { messagePreview, type Message } from '@cove/contracts';
import { useFrameBatch, useServerEvent, useSession } from '@cove/runtime';
import { refreshLive, updatePagedItems } from '@cove/runtime/query';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { chatListKey, type ChatRow } from '../api/get-chat-list';
import { chatTotalsKey } from '../api/get-chat-totals';

/** The spec's sort keeps an unread chat with the support account on top. */
const pinned = (chat: ChatRow) => chat.other_user.username === 'support' && chat.unread_messages > 0;

const updateRows = (client: QueryClient, update: (rows: ChatRow[]) => ChatRow[]) =>
  updatePagedItems<ChatRow>(client, chatListKey, update);

/**
 * New messages (those of one frame, in order) move their chats to the top of every cached list with
 * the newest as the preview, and count each unread when it came from the other person: one pass over
 * the rows for the lot. A chat no list holds yet is read from the server. Other tabs' lists are marked
 * stale, since a message may move the chat in or out of them. (The creator's totals follow their own
 * events: `useLiveChatNumbers`.)
 */
export function applyNewMessages(client: QueryClient, messages: Message[], myId: string): void {
  const found = new Set<string>();
  updateRows(client, (chats) => {
    let rows = chats;
    for (const message of messages) {
      const chat = rows.find((c) => c.chat_id === message.chat_id);
      if (!chat) continue;
      found.add(chat.chat_id);
      const moved: ChatRow = {
        ...chat,
        last_message_id: message._id,
        last_message_text: messagePreview(message),
        last_message_sender_id: message.sender_id,
        last_message_notice: message.notice,
        last_message_time: message.created_at,
        unread_messages: chat.unread_messages + (message.sender_id === myId ? 0 : 1),
      };
      const rest = rows.filter((c) => c !== chat);
      const top = pinned(moved) ? 0 : rest.findIndex((c) => !pinned(c));
      const at = top < 0 ? rest.length : top;
      rows = [...rest.slice(0, at), moved, ...rest.slice(at)];
    }
    return rows;
  });
  // A chat the loaded pages do not hold (a fan further down a busy inbox) is read with the list,
  // through `refreshLive`: a stream of them reads the list twice a second, not once a frame.
  if (messages.some((m) => !found.has(m.chat_id))) refreshLive(client, chatListKey);
  else void client.invalidateQueries({ queryKey: chatListKey, refetchType: 'none' });
}

/** A conversation opened (or started) a chat no list holds yet: the lists and totals are read again. */
export function applyOpened(client: QueryClient, chatId: string): void {
  let found = false;
  updateRows(client, (chats) => {
    found ||= chats.some((c) => c.chat_id === chatId);
    return chats;
  });
  if (found) return;
  void client.invalidateQueries({ queryKey: chatListKey });
  void client.invalidateQueries({ queryKey: chatTotalsKey });
}

/** A chat read elsewhere (another tab or device, or the open conversation) has nothing unread here. */
export function applyRead(client: QueryClient, chatId: string): void {
  updateRows(client, (chats) =>
    chats.map((c) => (c.chat_id === chatId ? { ...c, unread_messages: 0, unread_favorites: 0 } : c)),
  );
}

/** Someone came online or left: their dot changes in every list that shows them. */
export function applyPresence(client: QueryClient, userId: string, online: boolean): void {
  updateRows(client, (chats) =>
    chats.map((c) =>
      c.other_user._id === userId && c.is_online !== online ? { ...c, is_online: online } : c,
    ),
  );
}

/** A chat's last message went away: its preview says so instead of showing what is gone. */
export function applyRemoved(client: QueryClient, chatId: string, messageId: string, text: string): void {
  updateRows(client, (chats) =>
    chats.map((c) =>
      c.chat_id === chatId && c.last_message_id === messageId
        ? { ...c, last_message_text: text, last_message_notice: null }
        : c,
    ),
  );
}

/** Keeps the cached chat lists in step with the server's events while the list is shown. */
export function useChatListEvents(): void {
  const client = useQueryClient();
  const myId = useSession().user?._id ?? '';
  const onMessages = useFrameBatch<Message>((messages) => applyNewMessages(client, messages, myId));
  useServerEvent('new_message', (e) => onMessages(e.message));
  useServerEvent('message_read', (e) => {
    if (e.reader_id === myId) applyRead(client, e.chat_id);
  });
  useServerEvent('message_deleted', (e) => applyRemoved(client, e.chat_id, e.message_id, 'Message deleted'));
  useServerEvent('message_hidden', (e) => applyRemoved(client, e.chat_id, e.message_id, 'Message hidden'));
  useServerEvent('user_online', (e) => applyPresence(client, e.user_id, true));
  useServerEvent('user_offline', (e) => applyPresence(client, e.user_id, false));
  useServerEvent('chat_updated', () => void client.invalidateQueries({ queryKey: chatListKey }));
  // A broadcast tells its creator once, when done, rather than once per chat it wrote to.
  useServerEvent('broadcast_done', () => void client.invalidateQueries({ queryKey: chatListKey }));
}
