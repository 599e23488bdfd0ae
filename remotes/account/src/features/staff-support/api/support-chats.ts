import { messagesPage, supportChatsPage, type Message, type SupportChat } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { usePagedList } from '@cove/runtime/query';
import { useQuery } from '@tanstack/react-query';

export const supportChatsKey = ['staff-support-chats'];
export const supportThreadKey = (chatId: string) => ['staff-support-thread', chatId];

/**
 * Support's messages reach the support account's sockets, not staff's, so the screen asks again every
 * few seconds while it is open.
 */
const LIVE_MS = 5_000;

/** `GET /v1/admin/support/chats`: the support account's chats, unread first. */
export function useSupportChats() {
  const { api } = useHost();
  const list = usePagedList<SupportChat>({
    queryKey: supportChatsKey,
    fetchPage: (url, signal) =>
      api.get(url ?? '/v1/admin/support/chats', { schema: supportChatsPage, signal }),
    itemKey: (c) => c.chat_id,
  });
  return list;
}

/** `GET /v1/admin/support/chats/{id}/messages`: the newest page of one support chat, oldest first to read. */
export function useSupportThread(chatId: string) {
  const { api } = useHost();
  return useQuery({
    queryKey: supportThreadKey(chatId),
    queryFn: async ({ signal }): Promise<Message[]> =>
      (
        await api.get(`/v1/admin/support/chats/${encodeURIComponent(chatId)}/messages`, {
          query: { limit: '50' },
          schema: messagesPage,
          signal,
        })
      ).data.reverse(),
    refetchInterval: LIVE_MS,
  });
}
