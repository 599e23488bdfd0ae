/** The chat list's filter tabs (spec: all is labelled Inbox). */
export const chatFilters = [
  { id: 'all', label: 'Inbox' },
  { id: 'online', label: 'Online' },
  { id: 'favorites', label: 'Favorites' },
  { id: 'fans', label: 'Fans' },
  { id: 'subscribers', label: 'Subscribers' },
  { id: 'unreplied', label: 'Unreplied' },
  { id: 'vip', label: 'VIP' },
  { id: 'sent', label: 'Sent' },
  { id: 'recent', label: 'Recent' },
] as const;
export type ChatFilter = (typeof chatFilters)[number]['id'];

export function parseFilter(value: string | null): ChatFilter {
  return chatFilters.find((f) => f.id === value)?.id ?? 'all';
}

/** The `type` query value the server expects: fans is sent as fans2, the inbox sends none. */
export function filterQuery(filter: ChatFilter): string | undefined {
  if (filter === 'all') return undefined;
  return filter === 'fans' ? 'fans2' : filter;
}
