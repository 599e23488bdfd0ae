import type { ApiClient } from '@cove/contracts';

/** `PATCH /v1/messages/{id}/hide-for-me`: the message leaves this person's thread only. */
export const hideMessage = (api: ApiClient, id: string) =>
  api.send('PATCH', `/v1/messages/${id}/hide-for-me`);
