import { AUTO_MESSAGE_MAX_PRICE, creditsToDollars, dollarsToCredits, formatMoney } from '@cove/contracts';

/** A price typed in dollars as credits: empty is free (0); null when an auto-message may not cost it. */
export function priceOf(text: string): number | null {
  if (text.trim() === '') return 0;
  const credits = dollarsToCredits(text);
  return credits !== null && credits <= AUTO_MESSAGE_MAX_PRICE ? credits : null;
}

/** Credits as the dollars typed for them: 25 is "2.50", free is empty. */
export const priceText = (credits: number) => (credits > 0 ? creditsToDollars(credits) : '');

/** The highest price as a sentence says it: "$10,000.00". */
export const maxPriceText = formatMoney(AUTO_MESSAGE_MAX_PRICE);
