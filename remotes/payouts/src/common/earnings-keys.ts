/** Every earnings answer lives under `earnings`, so one invalidation refreshes them all. */
export const earningsKeys = {
  all: ['earnings'],
  totals: ['earnings', 'totals'],
  info: ['earnings', 'info'],
  stats: (days: number) => ['earnings', 'stats', days],
  payouts: ['earnings', 'payouts'],
} as const;
