import { dollarsToCredits, formatMoney } from '@cove/contracts';

/** What an amount typed in dollars comes to: whole credits ($0.10 each), or why it cannot be read. */
export type DollarAmount = { credits: number; error?: undefined } | { credits?: undefined; error: string };

/** Reads `25`, `25.5`, `$25.50` or `1,000`; a credit is $0.10, so cents must be a multiple of ten. */
export function creditsFromDollars(text: string): DollarAmount {
  const plain = text.replace(/[\s$,]/g, '');
  if (!plain) return { error: 'Enter an amount in dollars.' };
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return { error: 'Enter an amount like 25 or 25.50.' };
  const credits = dollarsToCredits(plain);
  if (credits === null) return { error: `Amounts go in steps of ${formatMoney(1)}.` };
  if (credits === 0) return { error: 'Enter an amount above $0.00.' };
  return { credits };
}
