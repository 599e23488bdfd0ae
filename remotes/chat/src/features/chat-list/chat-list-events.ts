import { messagePreview, type Chat, type Message } from '@cove/contracts';
import { useServerEvent, useSession } from '@cove/runtime';
import { updatePagedItems } from '@cove/runtime/query';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { chatListKey } from './chat-list-query';

/** The spec's sort keeps an unread chat with the support account on top. */
const pinned = (chat: Chat) => chat.other_user.username === 'support' && chat.unread_messages > 0;

/**
 * A new message moves its chat to the top of every cached list with the message as its preview, and
 * counts it unread when it came from the other person. A chat no list holds yet is read from the server.
 * Other tabs' lists are marked stale, since the message may move the chat in or out of them.
 */
export function applyNewMessage(client: QueryClient, message: Message, myId: string): void {
  let found = false;
  updatePagedItems<Chat>(client, chatListKey, (chats) => {
    const chat = chats.find((c) => c.chat_id === message.chat_id);
    if (!chat) return chats;
    found = true;
    const moved: Chat = {
      ...chat,
      last_message_id: message._id,
      last_message_text: messagePreview(message),
      last_message_time: message.created_at,
      unread_messages: chat.unread_messages + (message.sender_id === myId ? 0 : 1),
    };
    const rest = chats.filter((c) => c !== chat);
    const top = pinned(moved) ? 0 : rest.findIndex((c) => !pinned(c));
    const at = top < 0 ? rest.length : top;
    return [...rest.slice(0, at), moved, ...rest.slice(at)];
  });
  void client.invalidateQueries({ queryKey: chatListKey, refetchType: found ? 'none' : 'active' });
}

/** A chat read elsewhere (another tab or device) has nothing unread here either. */
export function applyRead(client: QueryClient, chatId: string): void {
  updatePagedItems<Chat>(client, chatListKey, (chats) =>
    chats.map((c) => (c.chat_id === chatId ? { ...c, unread_messages: 0, unread_favorites: 0 } : c)),
  );
}

/** Keeps the cached chat lists in step with the server's events while the list is shown. */
export function useChatListEvents(): void {
  const client = useQueryClient();
  const myId = useSession().user?._id ?? '';
  useServerEvent('new_message', (e) => applyNewMessage(client, e.message, myId));
  useServerEvent('message_read', (e) => {
    if (e.reader_id === myId) applyRead(client, e.chat_id);
  });
  useServerEvent('chat_updated', () => void client.invalidateQueries({ queryKey: chatListKey }));
}
