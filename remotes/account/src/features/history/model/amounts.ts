import { formatMoney } from '@cove/runtime';

/** A change to the balance, signed both ways: `+$57.00`, `-$6.00`. */
export const signedMoney = (raw: number) => (raw > 0 ? `+${formatMoney(raw)}` : formatMoney(raw));
