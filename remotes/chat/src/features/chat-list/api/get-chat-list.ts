import type { ApiClient, Chat, ChatTab } from '@cove/contracts';
import { usePagedList } from '@cove/runtime/query';
import { fetchChatsPage } from '../../../common/get-chats';

/** Every cached chat list starts with this key; one list per tab and search. */
export const chatListKey = ['chats'] as const;

/** A chat-list row: the chat, and whether its other person is online (from the page's `data_users`). */
export type ChatRow = Chat & { is_online: boolean };

/** `GET /v1/chats` for one tab (and search), page by page along the server's `next` links. */
export function useChatList(api: ApiClient, tab: ChatTab, search: string) {
  return usePagedList<ChatRow>({
    queryKey: [...chatListKey, tab, search],
    fetchPage: async (url, signal) => {
      const page = await fetchChatsPage(api, url, { tab, search }, signal);
      const online = new Set(page.data_users.filter((u) => u.is_online).map((u) => u._id));
      return {
        next: page.next,
        data: page.data.map((chat) => ({ ...chat, is_online: online.has(chat.other_user._id) })),
      };
    },
    itemKey: (chat) => chat.chat_id,
  });
}
