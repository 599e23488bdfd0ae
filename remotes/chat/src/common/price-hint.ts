import { formatMoney } from '@cove/contracts';

/**
 * What a price typed for paid media says under its field, in dollars (`credits` from
 * `typedPriceCredits`: null when the text is not a price or above `cap`).
 */
export function priceHint(credits: number | null, cap: number): string {
  if (credits === null) return `Enter a price from ${formatMoney(0)} to ${formatMoney(cap)}.`;
  return credits > 0 ? `Fans pay ${formatMoney(credits)} to see it.` : 'Free to see.';
}
