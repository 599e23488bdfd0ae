import { noteResponse, type ApiClient } from '@cove/contracts';

/** `PATCH /v1/notes/{id}`: a note's new text. */
export const updateNote = (api: ApiClient, id: string, text: string) =>
  api.patch(`/v1/notes/${id}`, { text }, { schema: noteResponse });
