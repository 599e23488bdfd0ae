import { fanProfileEnvelope, type ApiClient } from '@cove/contracts';
import { useQuery } from '@tanstack/react-query';

export const fanProfileKey = (chatId: string) => ['fan-profile', chatId] as const;

/** `GET /v1/chats/{chatId}/fan`: what the creator knows about the person in her chat. */
export const useFanProfile = (api: ApiClient, chatId: string) =>
  useQuery({
    queryKey: fanProfileKey(chatId),
    queryFn: async ({ signal }) =>
      (await api.get(`/v1/chats/${chatId}/fan`, { schema: fanProfileEnvelope, signal })).data,
  });
