/** Prices are typed in dollars and kept in credits (1 credit = $0.10): "2.50" is 25; null when it is not a price. */
export function dollarsToCredits(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d)(\d)?)?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', tenths = '0', cents = '0'] = match;
  // Credits are whole: a price in cents that are not a multiple of ten cannot be charged.
  if (cents !== '0') return null;
  return Number(whole) * 10 + Number(tenths);
}

/** A credit amount as the dollars typed for it: 25 is "2.50". */
export const creditsToDollars = (credits: number) => (credits / 10).toFixed(2);
