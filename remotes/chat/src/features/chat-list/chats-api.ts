import type { ApiClient } from '@cove/contracts';
import * as z from 'zod';
import { filterQuery, type ChatFilter } from './chat-filters';

/** The chat fields the list shows; the rest of the record is kept but not read here. */
const chatRow = z.looseObject({
  _id: z.string().optional(),
  chat_id: z.string().optional(),
  other_user: z.looseObject({ _id: z.string(), username: z.string().nullish() }),
  unread_messages: z.number().optional(),
  last_message_text: z.string().nullish(),
  last_message_time: z.string().nullish(),
});
export type ChatRow = z.infer<typeof chatRow>;

const chatsPage = z.looseObject({ data: z.array(chatRow), next: z.string().nullish() });
export type ChatsPage = z.infer<typeof chatsPage>;

export const chatsPageSize = 20;

export function fetchChats(api: ApiClient, filter: ChatFilter, signal: AbortSignal): Promise<ChatsPage> {
  return api.get('/v1/chats', {
    query: { v: 2, limit: chatsPageSize, offset: 0, type: filterQuery(filter) },
    schema: chatsPage,
    signal,
  });
}
