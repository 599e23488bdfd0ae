import { messagesPage, type ApiClient, type Message } from '@cove/contracts';
import { useHost, useServerEvent } from '@cove/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { chatKey } from './chat-query';
import { markMineRead, patchMessage, removeMessage, upsertMessage } from './message-cache';

/** One message as this viewer sees it now, media URLs signed (events carry none). */
export async function fetchMessage(api: ApiClient, id: string): Promise<Message | undefined> {
  const page = await api.get('/v1/messages', { query: { ids: id }, schema: messagesPage });
  return page.data[0];
}

/**
 * Keeps the open thread in step with the socket: new messages land in place (media messages are read
 * again for their signed URLs), reads tick my messages, hidden and deleted ones leave, a purchase
 * reveals its media, and a changed chat (rate, block, notes) is read again.
 */
export function useConversationEvents({
  chatId,
  otherUserId,
  myId,
  onIncoming,
}: {
  chatId: string;
  otherUserId: string;
  myId: string;
  /** A message from the other person arrived while the chat is open. */
  onIncoming(): void;
}): void {
  const { api } = useHost();
  const client = useQueryClient();
  const refresh = (id: string) =>
    void fetchMessage(api, id).then(
      (m) => m && upsertMessage(client, m),
      () => undefined,
    );
  useServerEvent('new_message', ({ message }) => {
    if (message.chat_id !== chatId) return;
    upsertMessage(client, message);
    if ((message.type === 'image' || message.type === 'video') && !message.media) refresh(message._id);
    // Cove's own messages say the chat changed (an intro ended, a new rate).
    if (message.system) void client.invalidateQueries({ queryKey: chatKey(otherUserId) });
    if (message.sender_id !== myId) onIncoming();
  });
  useServerEvent('message_read', (e) => {
    if (e.chat_id === chatId && e.reader_id !== myId) markMineRead(client, chatId, myId, e.read_at);
  });
  useServerEvent('message_deleted', (e) => {
    if (e.chat_id === chatId) removeMessage(client, chatId, e.message_id);
  });
  useServerEvent('message_hidden', (e) => {
    if (e.chat_id === chatId) removeMessage(client, chatId, e.message_id);
  });
  useServerEvent('message_paid', (e) => {
    if (e.chat_id !== chatId) return;
    patchMessage(client, chatId, e.message_id, (m) => ({ ...m, paid: true, destruct_at: e.destruct_at }));
    refresh(e.message_id);
  });
  useServerEvent('chat_updated', (e) => {
    if (e.chat_id === chatId) void client.invalidateQueries({ queryKey: chatKey(otherUserId) });
  });
}
