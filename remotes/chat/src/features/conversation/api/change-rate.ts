import type { ApiClient } from '@cove/contracts';

/** `POST /v1/chats/change-rate`: what each of this fan's next messages costs, in credits. */
export const changeRate = (api: ApiClient, chatId: string, rate: number) =>
  api.send('POST', '/v1/chats/change-rate', { body: { chat_id: chatId, rate } });
