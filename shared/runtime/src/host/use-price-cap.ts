import { errorText, formatMoney, priceCapOf } from '@cove/contracts';
import { useFeature } from './use-feature';

/**
 * The highest price the signed-in creator may type (docs/rules.md, Premium prices): the standard cap,
 * or the whole range with `usd_content`, following the permission live. The server applies the same
 * `priceCapOf`; the fields show it before they send.
 */
export function usePriceCap(): number {
  return priceCapOf({ usd_content: useFeature('usd_content') });
}

/** The limit as a price field's hint says it. */
export const priceCapHint = (cap: number) => `Up to ${formatMoney(cap)}.`;

/** A price above the cap, in the server's own words (`price_above_cap`). */
export const aboveCapText = (cap: number) => errorText('price_above_cap', formatMoney(cap));
