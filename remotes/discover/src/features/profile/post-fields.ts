import type { Audience } from '@cove/contracts';

/** The audiences as a creator picks them, widest first. */
export const audienceLabels: Record<Audience, string> = {
  user: 'Everyone',
  follower: 'Followers',
  subscriber: 'Subscribers',
  fan: 'Fans',
};
export const audiences = Object.keys(audienceLabels) as Audience[];

/** A price typed in dollars, as raw credits (a tenth of a dollar); null when it is not a price. */
export function priceFromDollars(text: string): number | null {
  if (text.trim() === '') return 0;
  const dollars = Number(text);
  if (!Number.isFinite(dollars) || dollars < 0) return null;
  return Math.round(dollars * 10);
}

export const dollarsFromPrice = (raw: number) => (raw > 0 ? (raw / 10).toFixed(2) : '');
