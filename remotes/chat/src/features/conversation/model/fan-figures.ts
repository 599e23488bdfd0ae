import { formatMoney, type FanProfile, type FanPurchaseKind } from '@cove/contracts';

const purchaseLabels: Record<FanPurchaseKind, string> = {
  message: 'Paid message',
  unlock: 'Unlocked a message',
  tip: 'Tip',
  subscription: 'Subscription',
  post: 'Unlocked a post',
};

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** "Since 3 Mar 2026 · renews 2 Apr 2026", or when it ends; "Not subscribed" without one. */
export function subscriptionLine(s: FanProfile['subscription']): string {
  if (!s) return 'Not subscribed';
  return `Since ${day(s.since)} · ${s.renews ? 'renews' : 'ends'} ${day(s.period_end)}`;
}

/** "Tip · $3.00 · 2 Mar 2026", or that he has bought nothing yet. */
export function lastPurchaseLine(p: FanProfile['last_purchase']): string {
  if (!p) return 'Nothing yet';
  return `${purchaseLabels[p.kind]} · ${formatMoney(p.amount)} · ${day(p.at)}`;
}
