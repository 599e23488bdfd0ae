import type { ApiClient } from '@cove/contracts';

/** `DELETE /v1/messages/{id}`: the sender takes their message back. */
export const deleteMessage = (api: ApiClient, id: string) => api.send('DELETE', `/v1/messages/${id}`);
