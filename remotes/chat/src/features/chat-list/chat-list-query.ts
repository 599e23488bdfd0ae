import {
  chatsResponse,
  chatTabParam,
  chatTotals,
  type ApiClient,
  type Chat,
  type ChatTab,
} from '@cove/contracts';
import { usePagedList } from '@cove/runtime/query';
import { useQuery } from '@tanstack/react-query';

/** The spec's chat list page size. */
const pageSize = 20;

/** Every cached chat list starts with this key; one list per tab and search. */
export const chatListKey = ['chats'] as const;
export const chatTotalsKey = ['chat-totals'] as const;

/** A chat-list row: the chat, and whether its other person is online (from the page's `data_users`). */
export type ChatRow = Chat & { is_online: boolean };

/** `GET /v1/chats` for one tab (and search), page by page along the server's `next` links. */
export function useChatList(api: ApiClient, tab: ChatTab, search: string) {
  return usePagedList<ChatRow>({
    queryKey: [...chatListKey, tab, search],
    fetchPage: async (url, signal) => {
      const page = url
        ? await api.get(url, { schema: chatsResponse, signal })
        : await api.get('/v1/chats', {
            query: {
              v: 2,
              limit: pageSize,
              offset: 0,
              type: chatTabParam(tab),
              search: search || undefined,
            },
            schema: chatsResponse,
            signal,
          });
      const online = new Set(page.data_users.filter((u) => u.is_online).map((u) => u._id));
      return {
        next: page.next,
        data: page.data.map((chat) => ({ ...chat, is_online: online.has(chat.other_user._id) })),
      };
    },
    itemKey: (chat) => chat.chat_id,
  });
}

/** Chat totals per tab: creators only (the spec loads them for featured users). */
export function useChatTotals(api: ApiClient, enabled: boolean) {
  return useQuery({
    queryKey: chatTotalsKey,
    queryFn: ({ signal }) => api.get('/v1/chats/total', { schema: chatTotals, signal }),
    enabled,
  });
}
