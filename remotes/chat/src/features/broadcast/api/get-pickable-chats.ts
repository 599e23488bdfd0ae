import type { ApiClient, Chat, ChatTab } from '@cove/contracts';
import { usePagedList } from '@cove/runtime/query';
import { fetchChatsPage } from '../../../common/get-chats';

/** The creator's chats in a category, searchable, for choosing recipients (`GET /v1/chats`). */
export function usePickableChats(api: ApiClient, category: ChatTab, search: string) {
  return usePagedList<Chat>({
    queryKey: ['broadcast-chats', category, search],
    fetchPage: (url, signal) => fetchChatsPage(api, url, { tab: category, search }, signal),
    itemKey: (chat) => chat.chat_id,
  });
}
