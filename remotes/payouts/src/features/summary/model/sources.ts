import { earningsSources, type EarningsDay, type EarningsSource } from '@cove/contracts';

/** The six sources in the order they stack, bottom up, with the names people know them by. */
export const sourceLabels: Record<EarningsSource, string> = {
  messages: 'Messages',
  ppv: 'Paid content',
  tips: 'Tips',
  subscriptions: 'Subscriptions',
  referrals: 'Referrals',
  commissions: 'Package commissions',
};

export const sources = earningsSources;

/** A day's earnings over every source (a chargeback day may be below zero). */
export const dayTotal = (day: Omit<EarningsDay, 'date'>) => sources.reduce((sum, s) => sum + day[s], 0);

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A stats day (`2026-03-04`, a UTC day) as `Mar 4`. */
export const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
