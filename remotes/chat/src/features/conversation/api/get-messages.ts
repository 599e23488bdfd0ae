import { messagesPage, type ApiClient, type Message } from '@cove/contracts';
import { usePagedList } from '@cove/runtime/query';
import { messagesKey } from '../model/message-cache';

/** The spec's messages page size. */
const pageSize = 50;

/** A chat's messages, newest first; older pages follow the server's `next` (`before=` the oldest). */
export function useMessages(api: ApiClient, chatId: string) {
  return usePagedList<Message>({
    queryKey: messagesKey(chatId),
    fetchPage: (url, signal) =>
      api.get(url ?? `/v1/chats/${encodeURIComponent(chatId)}/messages`, {
        query: url ? undefined : { limit: pageSize },
        schema: messagesPage,
        signal,
      }),
    itemKey: (m) => m._id,
  });
}
