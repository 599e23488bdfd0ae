import type { Notification, NotificationsPage } from '@cove/contracts';
import { updatePagedItems } from '@cove/runtime/query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** The cached pages of the centre. */
export const notificationsKey = ['notifications'] as const;

/** The unread count the server last gave (kept with the first page). */
export function unreadOf(data: InfiniteData<NotificationsPage> | undefined): number {
  return data?.pages[0]?.unread ?? 0;
}

/** Sets the unread count the server gave, and marks records read (`ids`, or every one). */
export function applyRead(client: QueryClient, unread: number, ids: readonly string[] | 'all'): void {
  updatePagedItems<Notification>(client, notificationsKey, (items) =>
    items.map((n) => (ids === 'all' || ids.includes(n.id) ? { ...n, read: true } : n)),
  );
  setUnread(client, () => unread);
}

export function setUnread(client: QueryClient, next: (unread: number) => number): void {
  client.setQueriesData<InfiniteData<NotificationsPage>>({ queryKey: notificationsKey }, (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    return { ...data, pages: [{ ...first, unread: next(first.unread) }, ...rest] };
  });
}
