// Money's one home: amounts are kept in credits (1 credit = $0.10) and always shown in dollars
// (docs/rules.md, Money on screen).

/** Credits in one dollar: the only place the exchange is written. */
const CREDITS_PER_DOLLAR = 10;

/**
 * An amount as people see it: dollars with a sign, thousands grouped and 2 decimals (`250` is
 * `$25.00`, `123457` is `$12,345.70`, `-15` is `-$1.50`).
 */
export function formatMoney(credits: number): string {
  const [whole = '0', cents = '00'] = creditsToDollars(Math.abs(credits)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${credits < 0 ? '-' : ''}$${grouped}.${cents}`;
}

/** A credit amount as the dollars typed for it, without a sign or grouping: 25 is "2.50". */
export const creditsToDollars = (credits: number) => dollarsOf(credits).toFixed(2);

/** A credit amount as a number of dollars, for the API's `*_in_dollars` fields: 25 is 2.5. */
export const dollarsOf = (credits: number) => credits / CREDITS_PER_DOLLAR;

/** Prices are typed in dollars and kept in credits: "2.50" is 25; null when it is not a price. */
export function dollarsToCredits(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d)(\d)?)?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', tenths = '0', cents = '0'] = match;
  // Credits are whole: a price in cents that are not a multiple of ten cannot be charged.
  if (cents !== '0') return null;
  return Number(whole) * CREDITS_PER_DOLLAR + Number(tenths);
}

/**
 * A payment in the currency it was made in (card or crypto), already in that currency's units, never
 * credits: `12.5, 'usdt'` is "12.50 USDT".
 */
export const formatPayment = (amount: number, currency: string) =>
  `${amount.toFixed(2)} ${currency.toUpperCase()}`;

/**
 * Credits where they are what is bought (a package, its bonus, a top-up), always with what they are
 * worth beside them: 250 is "250 credits ($25.00)", 1 is "1 credit ($0.10)".
 */
export const formatCredits = (credits: number) =>
  `${credits.toLocaleString('en-US')} credit${credits === 1 ? '' : 's'} (${formatMoney(credits)})`;
