import { offerTotal, type SubscribeOption } from '@cove/contracts';
import { asc, eq } from 'drizzle-orm';
import { type PromotionRow, subscriptionBundles, type UserRow } from '../../db/schema';
import type { Queryable } from '../../db/transaction';
import { fail } from '../../errors';
import { eligiblePromotion } from './promotion-rule';

export type Months = SubscribeOption['months'];

/** One way to subscribe, priced, with the promotion behind a one-month price. */
export interface PricedOption {
  option: SubscribeOption;
  promotion: PromotionRow | null;
}

/** The bundles a creator offers, shortest first. */
export const bundlesOf = (db: Queryable, creatorId: string) =>
  db
    .select({ months: subscriptionBundles.months, percentOff: subscriptionBundles.percentOff })
    .from(subscriptionBundles)
    .where(eq(subscriptionBundles.creatorId, creatorId))
    .orderBy(asc(subscriptionBundles.months));

function priced(
  monthly: number,
  months: Months,
  percentOff: number,
  promotion: PromotionRow | null,
): PricedOption {
  const total = offerTotal(monthly, months, percentOff);
  return {
    option: {
      months,
      percent_off: percentOff,
      total,
      saving: monthly * months - total,
      promotion: promotion
        ? { _id: promotion.id, ends_at: promotion.endsAt.toISOString(), audience: promotion.audience }
        : null,
    },
    promotion,
  };
}

/**
 * What `fanId` (null: a signed-out visitor, seen as a new fan) may subscribe to `creator` with now: one
 * month at the monthly price, or a promotion's price when they may have it, and each bundle. Promotions
 * apply to one month only; a bundle carries its own discount. None when the creator takes no subscribers.
 */
export async function subscribeOptions(
  db: Queryable,
  fanId: string | null,
  creator: Pick<UserRow, 'id' | 'subscriptionPrice'>,
  now: Date,
): Promise<PricedOption[]> {
  const monthly = creator.subscriptionPrice;
  if (monthly === 0) return [];
  const [promotion, bundles] = await Promise.all([
    eligiblePromotion(db, fanId, creator.id, now),
    bundlesOf(db, creator.id),
  ]);
  return [
    priced(monthly, 1, promotion?.percentOff ?? 0, promotion),
    ...bundles.map((b) => priced(monthly, b.months as Months, b.percentOff, null)),
  ];
}

/** The option of `months` the fan may subscribe with now, or 400 `bundle_not_offered`. */
export async function optionFor(
  db: Queryable,
  fanId: string,
  creator: Pick<UserRow, 'id' | 'subscriptionPrice'>,
  months: Months,
  now: Date,
): Promise<PricedOption> {
  const found = (await subscribeOptions(db, fanId, creator, now)).find((o) => o.option.months === months);
  if (!found) throw fail('bundle_not_offered');
  return found;
}
