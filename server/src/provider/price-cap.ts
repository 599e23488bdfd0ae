import { formatMoney, priceCapOf, STANDARD_PRICE_MAX } from '@cove/contracts';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { fail } from '../errors';
import { providerConfigFor } from './provider-config';

/**
 * A price a creator sets (a paid message or bundle, a broadcast, a post, an auto-message) is at most
 * $100 unless she has the `usd_content` permission, which opens the whole range (docs/rules.md,
 * Premium prices). The permission is read only for a price above the standard cap.
 */
export async function assertPriceAllowed(db: Db, me: UserRow, price: number): Promise<void> {
  if (price <= STANDARD_PRICE_MAX) return;
  const cap = priceCapOf((await providerConfigFor(db, me)).features);
  if (price > cap) throw fail('price_above_cap', formatMoney(cap));
}
