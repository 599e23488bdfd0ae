import type { ApiClient } from '@cove/contracts';

/** `POST` or `DELETE /v1/users/{id}/block`: neither can send to the other while it stands. */
export const setUserBlocked = (api: ApiClient, userId: string, blocked: boolean) =>
  api.send(blocked ? 'POST' : 'DELETE', `/v1/users/${encodeURIComponent(userId)}/block`);
