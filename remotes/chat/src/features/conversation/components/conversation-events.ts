import type { Message } from '@cove/contracts';
import { useHost, useServerEvent, useSession } from '@cove/runtime';
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { chatKey } from '../api/get-chat';
import { fetchMessage } from '../api/get-message';
import {
  markMineRead,
  messagesKey,
  patchMessage,
  removeMessage,
  upsertMessage,
} from '../model/message-cache';

/**
 * A thread still reading its first page may have read it before a message that just arrived was
 * written (a welcome sent as the chat opens): once that read lands, the thread is read again. (An
 * invalidation during a first read would only join it.)
 */
function readAgainAfterFirstRead(client: QueryClient, query: Query | undefined): void {
  if (query?.state.fetchStatus !== 'fetching') return;
  const key = query.queryKey;
  const stop = client.getQueryCache().subscribe((event) => {
    if (event.query !== query || event.type !== 'updated') return;
    if (event.action.type !== 'success' && event.action.type !== 'error') return;
    stop();
    void client.invalidateQueries({ queryKey: key, exact: true });
  });
}

/**
 * A photo or video message whose event carries no media to show (a broadcast's event, one view for
 * every recipient, signs no URL; a direct send's event carries what the thread's read would).
 */
const lacksMedia = (m: Message) => (m.type === 'image' || m.type === 'video') && !m.media;

/**
 * Keeps every cached thread in step with the socket while the chats screen is up, open or not, so a
 * chat opened again shows what happened meanwhile: new messages land in place (with their photos and
 * videos, read first when the event has none), reads tick my messages, hidden and deleted ones leave, and a
 * purchase reveals its media. Threads nobody has opened are not cached, so nothing is fetched for them.
 */
export function ThreadEvents(): null {
  const { api } = useHost();
  const client = useQueryClient();
  const myId = useSession().user?._id ?? '';
  const refresh = (id: string) =>
    void fetchMessage(api, id).then(
      (m) => m && upsertMessage(client, m),
      () => undefined,
    );
  // Read first, then show, so no photo pops in late; if the read fails the event's copy still shows.
  const showRead = (message: Message) =>
    void fetchMessage(api, message._id).then(
      (m) => upsertMessage(client, m ?? message),
      () => upsertMessage(client, message),
    );
  const cached = (chatId: string) => client.getQueryData(messagesKey(chatId)) !== undefined;
  useServerEvent('new_message', ({ message }) => {
    // One look in the cache per message: a busy inbox brings a thousand a second.
    const thread = client.getQueryCache().find({ queryKey: messagesKey(message.chat_id), exact: true });
    if (thread?.state.data === undefined) {
      readAgainAfterFirstRead(client, thread);
      return;
    }
    if (lacksMedia(message)) showRead(message);
    else upsertMessage(client, message);
  });
  useServerEvent('message_read', (e) => {
    if (e.reader_id !== myId) markMineRead(client, e.chat_id, myId, e.read_at);
  });
  useServerEvent('message_deleted', (e) => removeMessage(client, e.chat_id, e.message_id));
  useServerEvent('message_hidden', (e) => removeMessage(client, e.chat_id, e.message_id));
  useServerEvent('message_paid', (e) => {
    if (!cached(e.chat_id)) return;
    patchMessage(client, e.chat_id, e.message_id, (m) => ({ ...m, paid: true, destruct_at: e.destruct_at }));
    refresh(e.message_id);
  });
  return null;
}

/**
 * What the open conversation does with the socket's news besides its thread: reads what the other
 * person sends while it is open, and reads the chat again when it changed (rate, block, notes, an
 * intro's end announced by Cove's own message).
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
  const client = useQueryClient();
  const refreshChat = () => void client.invalidateQueries({ queryKey: chatKey(otherUserId) });
  useServerEvent('new_message', ({ message }) => {
    if (message.chat_id !== chatId) return;
    if (message.system) refreshChat();
    if (message.sender_id !== myId) onIncoming();
  });
  useServerEvent('chat_updated', (e) => {
    if (e.chat_id === chatId) refreshChat();
  });
}
