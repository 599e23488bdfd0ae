import {
  accountInfo,
  accountStats,
  accountTotals,
  earningsSources,
  payout,
  type AccountInfo,
  type AccountStats,
  type AccountTotals,
  type EarningsDay,
  type Payout,
} from '@cove/contracts';

/** A creator with $72.00 available, $15.00 pending until 2 March, and the $20.00 minimum. */
export function testTotals(overrides: Partial<AccountTotals> = {}): AccountTotals {
  return accountTotals.parse({
    available: 720,
    pending: 150,
    lifetime: 1_250,
    paid_out: 300,
    in_payout: 80,
    next_release_at: '2026-03-02T10:00:00.000Z',
    hold_days: 7,
    minimum_payout: 200,
    ...overrides,
  });
}

/** A creator who may use every method, with PayPal saved and no AML form needed. */
export function testInfo(overrides: Partial<AccountInfo> = {}): AccountInfo {
  return accountInfo.parse({
    payout_method: {
      method: 'paypal_transfer',
      label: 'PayPal · l•••@example.com',
      updated_at: '2026-02-01T00:00:00.000Z',
    },
    allowed_methods: ['bank_transfer', 'paypal_transfer', 'paxum_transfer', 'crypto_transfer'],
    email: 'l•••@example.com',
    aml: { threshold: 20_000, cumulative: 300, submitted: false, required: false },
    ...overrides,
  });
}

export function testPayout(n: number, overrides: Partial<Payout> = {}): Payout {
  return payout.parse({
    _id: `po-${n}`,
    amount: 250,
    amount_in_dollars: 25,
    method: 'paypal_transfer',
    label: 'PayPal · l•••@example.com',
    status: 'completed',
    failure_reason: null,
    created_at: '2026-02-10T10:00:00.000Z',
    completed_at: '2026-02-10T10:00:02.000Z',
    ...overrides,
  });
}

/** 30 days from 2026-02-01 with nothing earned, but for the days `earned` names. */
export function testStats(earned: Record<number, Partial<Omit<EarningsDay, 'date'>>> = {}): AccountStats {
  const zero = { messages: 0, ppv: 0, tips: 0, subscriptions: 0, referrals: 0, commissions: 0 };
  const data = Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 1, 1 + i)).toISOString().slice(0, 10),
    ...zero,
    ...earned[i],
  }));
  const totals = { ...zero };
  for (const day of data) for (const s of earningsSources) totals[s] += day[s];
  return accountStats.parse({ data, totals });
}
