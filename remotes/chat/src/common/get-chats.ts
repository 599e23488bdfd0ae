import {
  chatsResponse,
  chatTabParam,
  type ApiClient,
  type ChatsResponse,
  type ChatTab,
} from '@cove/contracts';

/** The spec's chat list page size. */
const pageSize = 20;

/**
 * One page of `GET /v1/chats` for a tab and search: the first when `url` is null, else the page the
 * server's `next` link names.
 */
export const fetchChatsPage = (
  api: ApiClient,
  url: string | null,
  { tab, search }: { tab: ChatTab; search: string },
  signal: AbortSignal,
): Promise<ChatsResponse> =>
  url
    ? api.get(url, { schema: chatsResponse, signal })
    : api.get('/v1/chats', {
        query: { v: 2, limit: pageSize, offset: 0, type: chatTabParam(tab), search: search || undefined },
        schema: chatsResponse,
        signal,
      });
