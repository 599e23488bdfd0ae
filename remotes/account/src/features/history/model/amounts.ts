import { formatMoney } from '@cove/runtime';

/** A change to the balance, signed both ways: `+$57.00`, `-$6.00`. */
export const signedMoney = (raw: number) => (raw > 0 ? `+${formatMoney(raw)}` : formatMoney(raw));

/** Credits where they are what was bought, with their dollar value beside: `570 credits ($57.00)`. */
export const creditsWithDollars = (credits: number) =>
  `${credits.toLocaleString('en-US')} credit${credits === 1 ? '' : 's'} (${formatMoney(credits)})`;
