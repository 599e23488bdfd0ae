import type { ApiClient } from '@cove/contracts';

/** `DELETE /v1/fan-lists/{id}`: the list goes; the people on it and their chats stay. */
export const deleteFanList = (api: ApiClient, id: string) => api.send('DELETE', `/v1/fan-lists/${id}`);
