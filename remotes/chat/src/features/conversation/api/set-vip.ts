import { vipResponse, type ApiClient } from '@cove/contracts';

/** `PUT /v1/chats/{chatId}/vip`: her own VIP choice for the person of the chat. */
export const setVip = (api: ApiClient, chatId: string, vip: boolean) =>
  api.put(`/v1/chats/${chatId}/vip`, { vip }, { schema: vipResponse });
