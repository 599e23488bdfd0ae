import { creditsToDollars, dollarsToCredits } from '@cove/contracts';
import { aboveCapText } from '@cove/runtime';

/** What a price field says when what is typed is not a price. */
export const notAPrice = 'Enter a price in dollars, in steps of 10 cents.';

/** A price typed in dollars as credits: empty is free (0); null when it is not a price. */
export function priceOf(text: string): number | null {
  if (text.trim() === '') return 0;
  return dollarsToCredits(text);
}

/**
 * A price typed for an auto-message, against the creator's cap (`usePriceCap`): its credits, or what is
 * wrong with it (above the cap in the server's words). The message's saved price stays allowed unchanged.
 */
export function checkPrice(
  text: string,
  cap: number,
  saved: number,
): { credits: number; problem: null } | { credits: null; problem: string } {
  const credits = priceOf(text);
  if (credits === null) return { credits: null, problem: notAPrice };
  if (credits > cap && credits !== saved) return { credits: null, problem: aboveCapText(cap) };
  return { credits, problem: null };
}

/** Credits as the dollars typed for them: 25 is "2.50", free is empty. */
export const priceText = (credits: number) => (credits > 0 ? creditsToDollars(credits) : '');
