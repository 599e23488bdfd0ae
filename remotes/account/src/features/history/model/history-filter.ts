import type { HistoryKind, HistoryRow } from '@cove/contracts';

/** The history's filter choices, each a set of row kinds; `all` asks for every kind. */
export const filterGroups = [
  { id: 'all', label: 'All', kinds: [] },
  { id: 'credits', label: 'Credit purchases', kinds: ['credit_purchase', 'credit_grant'] },
  { id: 'unlocks', label: 'Unlocks', kinds: ['chat_unlock', 'post_unlock', 'paid_message'] },
  { id: 'tips', label: 'Tips', kinds: ['tip', 'post_tip'] },
  { id: 'subscriptions', label: 'Subscriptions', kinds: ['subscription', 'renewal'] },
  {
    id: 'refunds',
    label: 'Refunds and chargebacks',
    kinds: ['refund', 'subscription_refund', 'chargeback', 'unlock_reversed'],
  },
] as const satisfies readonly { id: string; label: string; kinds: readonly HistoryKind[] }[];

export type FilterGroup = (typeof filterGroups)[number]['id'];

/** What the screen shows, as its address keeps it (`?show=tips&from=2026-11-01&to=2026-11-30`). */
export interface HistoryFilter {
  show: FilterGroup;
  from: string;
  to: string;
}

const isGroup = (v: string | null): v is FilterGroup => filterGroups.some((g) => g.id === v);
const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

export function readFilter(params: URLSearchParams): HistoryFilter {
  const show = params.get('show');
  const from = params.get('from');
  const to = params.get('to');
  return { show: isGroup(show) ? show : 'all', from: isDay(from) ? from : '', to: isDay(to) ? to : '' };
}

/** The filter as the screen's address says it, leaving out what is unset. */
export function filterParams(f: HistoryFilter): Record<string, string> {
  return {
    ...(f.show === 'all' ? {} : { show: f.show }),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
  };
}

/** The filter as the server's query takes it (`kind`, `from`, `to`). */
export function filterQuery(f: HistoryFilter): Record<string, string> {
  const kinds = filterGroups.find((g) => g.id === f.show)?.kinds ?? [];
  return {
    ...(kinds.length > 0 ? { kind: kinds.join(',') } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
  };
}

/** Where a row leads: the chat, the post's creator profile, or the creator's profile; null for none. */
export function rowLink(row: HistoryRow): { to: string; label: string } | null {
  const creator = row.creator;
  if (!creator) return null;
  const name = creator.username ?? 'the creator';
  const id = encodeURIComponent(creator._id);
  if (row.post_id) return { to: `/creators/${id}`, label: `See the post on ${name}'s profile` };
  if (row.chat_id) return { to: `/chats/${id}`, label: `Open chat with ${name}` };
  return { to: `/creators/${id}`, label: `See ${name}'s profile` };
}
