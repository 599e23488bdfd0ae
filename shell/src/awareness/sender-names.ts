import { chatResponse, type ApiClient } from '@cove/contracts';

/**
 * The names of the people who write to this person, read once each from their chat
 * (`GET /v1/chat`, which the chat screen reads too) and kept for the page's life.
 */
export function senderNames(api: ApiClient) {
  const names = new Map<string, Promise<string | null>>();
  return (senderId: string): Promise<string | null> => {
    let name = names.get(senderId);
    if (!name) {
      name = api
        .get('/v1/chat', { query: { recipient_id: senderId }, schema: chatResponse })
        .then((r) => r.user.username)
        .catch(() => {
          names.delete(senderId);
          return null;
        });
      names.set(senderId, name);
    }
    return name;
  };
}
