import { AUTO_MESSAGE_MAX_PRICE } from '@cove/contracts';

/**
 * A price typed in dollars as credits (1 credit = $0.10): "2.50" is 25, empty is free (0); null when
 * it is not a price an auto-message may have.
 */
export function priceOf(text: string): number | null {
  if (text.trim() === '') return 0;
  const match = /^(\d{1,7})(?:\.(\d)(0)?)?$/.exec(text.trim());
  if (!match) return null;
  const credits = Number(match[1]) * 10 + Number(match[2] ?? 0);
  return credits <= AUTO_MESSAGE_MAX_PRICE ? credits : null;
}

/** Credits as the dollars typed for them: 25 is "2.50", free is empty. */
export const priceText = (credits: number) => (credits > 0 ? (credits / 10).toFixed(2) : '');
