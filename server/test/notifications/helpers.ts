import type { Notification, NotificationsPage } from '@cove/contracts';
import type { Party } from '../helpers/chats';

/** The person's first page of notifications, as the centre reads it. */
export async function pageOf(who: Party, query = ''): Promise<NotificationsPage> {
  const res = await who.api.get(`/v1/notifications${query}`);
  if (res.statusCode !== 200) throw new Error(`notifications not read: ${res.body}`);
  return res.json() as NotificationsPage;
}

/** The person's records of one kind, newest first. */
export async function recordsOf(who: Party, kind: Notification['kind']): Promise<Notification[]> {
  return (await pageOf(who, '?limit=50')).data.filter((n) => n.kind === kind);
}

/** Turns one of the person's Notifications settings off. */
export async function turnOff(who: Party, setting: 'notifications' | 'payments' | 'payouts') {
  const res = await who.api.patch(`/v1/users/${who.user.id}`, {
    notification_settings: { [setting]: false },
  });
  if (res.statusCode !== 200) throw new Error(`setting not changed: ${res.body}`);
}
