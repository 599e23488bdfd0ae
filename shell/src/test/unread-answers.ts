import type { ChatsResponse, NotificationsPage } from '@cove/contracts';
import type { RecordedCall } from '@cove/runtime/testing';

/**
 * The server's answers to the shell's unread reads (`GET /v1/chats?limit=1`, `GET /v1/notifications?limit=1`),
 * for a responder; undefined for any other call.
 */
export function unreadAnswers(unread: { messages?: number; favorites?: number; notifications?: number }) {
  return (request: RecordedCall): ChatsResponse | NotificationsPage | undefined => {
    if (request.path === '/v1/chats')
      return {
        data: [],
        data_users: [],
        next: null,
        unread_messages: unread.messages ?? 0,
        unread_messages_favorites: unread.favorites ?? 0,
      };
    if (request.path === '/v1/notifications')
      return { data: [], next: null, unread: unread.notifications ?? 0 };
    return undefined;
  };
}
