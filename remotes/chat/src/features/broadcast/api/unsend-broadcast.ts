import type { ApiClient } from '@cove/contracts';

/** `POST /v1/broadcast/{id}/unsend`: a sent broadcast leaves the chats that have it. */
export const unsendBroadcast = (api: ApiClient, id: string) =>
  api.send('POST', `/v1/broadcast/${encodeURIComponent(id)}/unsend`);
