import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { purchaseItems } from '../db/schema';

/**
 * What each of these media earned its creator across every sale that opened it (one media, or an
 * item of a bundle, attributed by `attribute_purchase`; a refunded sale is gone with its purchase),
 * and how many sales that was. Media never sold are absent.
 */
export async function vaultEarnings(
  db: Db,
  mediaIds: readonly string[],
): Promise<Map<string, { earned: number; sales: number }>> {
  if (mediaIds.length === 0) return new Map();
  const rows = await db
    .select({
      mediaId: purchaseItems.mediaId,
      earned: sql<number>`sum(${purchaseItems.earned})::int`,
      sales: sql<number>`count(*)::int`,
    })
    .from(purchaseItems)
    .where(inArray(purchaseItems.mediaId, [...mediaIds]))
    .groupBy(purchaseItems.mediaId);
  return new Map(rows.map((r) => [r.mediaId, { earned: r.earned, sales: r.sales }]));
}
