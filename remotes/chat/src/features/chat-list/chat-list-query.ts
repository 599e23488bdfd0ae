import { chatsResponse, chatTabParam, type ApiClient, type Chat, type ChatTab } from '@cove/contracts';
import { usePagedList } from '@cove/runtime/query';

/** The spec's chat list page size. */
const pageSize = 20;

/** Every cached chat list starts with this key; one list per tab. */
export const chatListKey = ['chats'] as const;

/** `GET /v1/chats` for one tab, page by page along the server's `next` links. */
export function useChatList(api: ApiClient, tab: ChatTab) {
  return usePagedList<Chat>({
    queryKey: [...chatListKey, tab],
    fetchPage: (url, signal) =>
      url
        ? api.get(url, { schema: chatsResponse, signal })
        : api.get('/v1/chats', {
            query: { v: 2, limit: pageSize, offset: 0, type: chatTabParam(tab) },
            schema: chatsResponse,
            signal,
          }),
    itemKey: (chat) => chat.chat_id,
  });
}
