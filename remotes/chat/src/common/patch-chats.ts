import { patchChatsResponse, type ApiClient, type PatchChatsBody } from '@cove/contracts';

/** `PATCH /v1/chats`: reads, favors, hides or deletes the chats the body names (the list's bulk edit, one chat's tools). */
export const patchChats = (api: ApiClient, body: PatchChatsBody) =>
  api.patch('/v1/chats', body, { schema: patchChatsResponse });
