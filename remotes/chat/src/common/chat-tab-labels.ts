import type { ChatTab } from '@cove/contracts';

/** The chat list's tabs by the names it shows, in the spec's order (the inbox is `all`); broadcasts name their categories after them. */
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
  top: 'Top spenders',
  hidden: 'Hidden',
};
