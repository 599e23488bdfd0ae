import { type Notification, type NotificationsPage, notificationsPage } from '@cove/contracts';
import { useHost, useServerEvent } from '@cove/runtime';
import { usePagedList, updatePagedItems } from '@cove/runtime/query';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { applyRead, notificationsKey, setUnread, unreadOf } from './notifications-cache';

/**
 * `GET /v1/notifications`: the person's records, newest first, page by page (`next` is the `before`
 * of the next page), kept live by the `notification` and `notifications_read` events.
 */
export function useNotifications() {
  const { api } = useHost();
  const client = useQueryClient();
  const list = usePagedList<Notification>({
    queryKey: notificationsKey,
    fetchPage: (before, signal) =>
      api.get('/v1/notifications', {
        query: { limit: '20', ...(before ? { before } : {}) },
        schema: notificationsPage,
        signal,
      }),
    itemKey: (n) => n.id,
  });

  // A record made, or one gathering another message: it goes to the top, counted once as unread.
  useServerEvent('notification', ({ notification }) => {
    const cached = client.getQueryData<InfiniteData<NotificationsPage>>(notificationsKey);
    if (!cached) return;
    const known = cached.pages.some((p) => p.data.some((n) => n.id === notification.id));
    updatePagedItems<Notification>(client, notificationsKey, (items) => [
      notification,
      ...items.filter((n) => n.id !== notification.id),
    ]);
    if (!known && !notification.read) setUnread(client, (n) => n + 1);
  });

  // Reads on any device: all read is applied here; some read elsewhere are fetched again.
  useServerEvent('notifications_read', ({ unread }) => {
    const cached = client.getQueryData<InfiniteData<NotificationsPage>>(notificationsKey);
    if (!cached || unreadOf(cached) === unread) return;
    if (unread === 0) applyRead(client, 0, 'all');
    else void client.invalidateQueries({ queryKey: notificationsKey });
  });

  return { ...list, unread: unreadOf(client.getQueryData(notificationsKey)) };
}
