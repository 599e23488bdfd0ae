import type { ApiClient } from '@cove/contracts';

/** `DELETE /v1/notes/{id}`. */
export const deleteNote = (api: ApiClient, id: string) => api.send('DELETE', `/v1/notes/${id}`);
