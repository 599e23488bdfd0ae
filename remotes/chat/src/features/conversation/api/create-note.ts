import { noteResponse, type ApiClient } from '@cove/contracts';

/** `POST /v1/chats/note`: a creator's private note on a chat. */
export const createNote = (api: ApiClient, chatId: string, text: string) =>
  api.post('/v1/chats/note', { id: chatId, note: text }, { schema: noteResponse });
