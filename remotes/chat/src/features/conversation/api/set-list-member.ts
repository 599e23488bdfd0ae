import type { ApiClient } from '@cove/contracts';

/** `PUT` or `DELETE /v1/fan-lists/{id}/chats/{chatId}`: puts the person of a chat on a list, or takes him off. */
export const setListMember = (api: ApiClient, listId: string, chatId: string, on: boolean) =>
  api.send(on ? 'PUT' : 'DELETE', `/v1/fan-lists/${listId}/chats/${chatId}`);
