/** The earnings area's screens, under /account/earnings/. */
export interface EarningsSection {
  path: string;
  label: string;
  icon: string;
  body: string;
}

export const earningsSections: EarningsSection[] = [
  {
    path: 'summary',
    label: 'Summary',
    icon: '📈',
    body: 'Your earnings summary is not available in this version of Cove. Earnings keep accruing as usual.',
  },
  {
    path: 'payouts',
    label: 'Payouts',
    icon: '🏦',
    body: 'Your payout history is not available in this version of Cove.',
  },
  {
    path: 'payout-method',
    label: 'Payout method',
    icon: '🔐',
    body: 'Changing your payout method is not available in this version of Cove. Changes will need an email code.',
  },
  {
    path: 'referrals',
    label: 'Referrals',
    icon: '🤝',
    body: 'Your referrals are not available in this version of Cove.',
  },
  {
    path: 'broadcasts',
    label: 'Broadcast stats',
    icon: '📣',
    body: 'Statistics for your mass messages are not available in this version of Cove.',
  },
];
