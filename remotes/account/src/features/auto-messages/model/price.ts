import { AUTO_MESSAGE_MAX_PRICE, creditsToDollars, dollarsToCredits } from '@cove/contracts';

/** A price typed in dollars as credits: empty is free (0); null when an auto-message may not cost it. */
export function priceOf(text: string): number | null {
  if (text.trim() === '') return 0;
  const credits = dollarsToCredits(text);
  return credits !== null && credits <= AUTO_MESSAGE_MAX_PRICE ? credits : null;
}

/** Credits as the dollars typed for them: 25 is "2.50", free is empty. */
export const priceText = (credits: number) => (credits > 0 ? creditsToDollars(credits) : '');

/** The highest price in whole dollars as a sentence says it: "$1,000". */
export const maxPriceText = `$${Number(creditsToDollars(AUTO_MESSAGE_MAX_PRICE)).toLocaleString('en-US')}`;
