import { chatTab, type ChatTab } from '@cove/contracts';

/** The tabs' labels, in the spec's order (the inbox is `all`). */
export const chatTabLabels: Record<ChatTab, string> = {
  all: 'Inbox',
  online: 'Online',
  favorites: 'Favorites',
  fans: 'Fans',
  subscribers: 'Subscribers',
  unreplied: 'Unreplied',
  vip: 'VIP',
  sent: 'Sent',
  recent: 'Recent',
};

/** The tab a `?filter=` names; the inbox for anything else. */
export function parseTab(value: string | null): ChatTab {
  const parsed = chatTab.safeParse(value);
  return parsed.success ? parsed.data : 'all';
}
