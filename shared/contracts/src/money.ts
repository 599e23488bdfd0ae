// Money's one home: amounts are kept in credits (1 credit = $0.10) and always shown in dollars.

/** An amount as people see it: a tenth of the raw amount, 2 decimals, a dollar sign (`250` is `$25.00`). */
export function formatMoney(raw: number): string {
  const dollars = creditsToDollars(Math.abs(raw));
  return raw < 0 ? `-$${dollars}` : `$${dollars}`;
}

/** A credit amount as the dollars typed for it, without a sign: 25 is "2.50". */
export const creditsToDollars = (credits: number) => (credits / 10).toFixed(2);

/** Prices are typed in dollars and kept in credits: "2.50" is 25; null when it is not a price. */
export function dollarsToCredits(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d)(\d)?)?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', tenths = '0', cents = '0'] = match;
  // Credits are whole: a price in cents that are not a multiple of ten cannot be charged.
  if (cents !== '0') return null;
  return Number(whole) * 10 + Number(tenths);
}
