import {
  broadcastEnvelope,
  broadcastRecipientsResponse,
  broadcastsPage,
  chatsResponse,
  chatTabParam,
  type ApiClient,
  type Broadcast,
  type BroadcastSendBody,
  type Chat,
  type ChatTab,
} from '@cove/contracts';
import { pagedItems, usePagedList, type Paged } from '@cove/runtime/query';
import { useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { AudienceParams } from './recipients';

/** The spec's page size for broadcast and chat lists. */
const pageSize = 20;

export const broadcastsKey = ['broadcasts'] as const;
const recipientsKey = ['broadcast-recipients'] as const;

/** `GET /v1/broadcast/recipients`: how many chats the audience reaches right now. */
export function useRecipientCount(api: ApiClient, params: AudienceParams, enabled: boolean) {
  return useQuery({
    queryKey: [...recipientsKey, params],
    queryFn: ({ signal }) =>
      api.get('/v1/broadcast/recipients', {
        query: { ...params },
        schema: broadcastRecipientsResponse,
        signal,
      }),
    enabled,
  });
}

/** The creator's chats in a category, searchable, for choosing recipients (`GET /v1/chats`). */
export function usePickableChats(api: ApiClient, category: ChatTab, search: string) {
  return usePagedList<Chat>({
    queryKey: ['broadcast-chats', category, search],
    fetchPage: (url, signal) =>
      url
        ? api.get(url, { schema: chatsResponse, signal })
        : api.get('/v1/chats', {
            query: {
              v: 2,
              limit: pageSize,
              offset: 0,
              type: chatTabParam(category),
              search: search || undefined,
            },
            schema: chatsResponse,
            signal,
          }),
    itemKey: (chat) => chat.chat_id,
  });
}

/** The creator's broadcasts, newest first, with their funnels (`GET /v1/broadcast`). */
export function useBroadcasts(api: ApiClient) {
  return usePagedList<Broadcast>({
    queryKey: broadcastsKey,
    fetchPage: (url, signal) =>
      api.get(url ?? '/v1/broadcast', {
        query: url ? {} : { limit: pageSize, offset: 0 },
        schema: broadcastsPage,
        signal,
      }),
    itemKey: (b) => b._id,
  });
}

/**
 * A broadcast no longer being written, as the list reads once refreshed (how it ended: sent or
 * failed); `null` asks for the newest. Undefined when the list does not show it.
 */
export async function endedBroadcast(client: QueryClient, id: string | null): Promise<Broadcast | undefined> {
  await client.invalidateQueries({ queryKey: broadcastsKey });
  const items = pagedItems(
    client.getQueryData<InfiniteData<Paged<Broadcast>>>(broadcastsKey),
    (b: Broadcast) => b._id,
  );
  return id === null ? items[0] : items.find((b) => b._id === id);
}

export async function sendBroadcast(api: ApiClient, body: BroadcastSendBody): Promise<Broadcast> {
  return (await api.post('/v1/broadcast/send', body, { schema: broadcastEnvelope })).data;
}

export const cancelBroadcast = (api: ApiClient, id: string) =>
  api.send('DELETE', `/v1/broadcast/${encodeURIComponent(id)}`);

export const unsendBroadcast = (api: ApiClient, id: string) =>
  api.send('POST', `/v1/broadcast/${encodeURIComponent(id)}/unsend`);
