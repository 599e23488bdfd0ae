import type { ApiClient } from '@cove/contracts';

/** `POST` or `DELETE /v1/chats/{id}/block-media`: photos, videos and GIFs from the other person stop or resume. */
export const setMediaBlocked = (api: ApiClient, chatId: string, blocked: boolean) =>
  api.send(blocked ? 'POST' : 'DELETE', `/v1/chats/${encodeURIComponent(chatId)}/block-media`);
