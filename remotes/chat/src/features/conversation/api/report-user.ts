import type { ApiClient } from '@cove/contracts';

/** `POST /v1/users/{id}/report`, with the reporter's words. */
export const reportUser = (api: ApiClient, userId: string, reason: string) =>
  api.send('POST', `/v1/users/${encodeURIComponent(userId)}/report`, { body: { reason } });
