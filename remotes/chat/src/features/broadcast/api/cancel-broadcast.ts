import type { ApiClient } from '@cove/contracts';

/** `DELETE /v1/broadcast/{id}`: a scheduled broadcast will not go. */
export const cancelBroadcast = (api: ApiClient, id: string) =>
  api.send('DELETE', `/v1/broadcast/${encodeURIComponent(id)}`);
