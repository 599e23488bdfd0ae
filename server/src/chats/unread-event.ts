import type { LoggedEvent } from '@cove/contracts';

/** The `unread_messages` event for a person's counters row, as every change of them sends it. */
export function unreadMessagesEvent(
  counters: { unread: number; unreadFavorites: number } | undefined,
): LoggedEvent {
  return {
    type: 'unread_messages',
    unread_messages: counters?.unread ?? 0,
    unread_messages_favorites: counters?.unreadFavorites ?? 0,
  };
}
