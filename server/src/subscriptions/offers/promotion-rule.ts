import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { type PromotionRow, subscriptionPromotions, subscriptions } from '../../db/schema';
import type { Queryable } from '../../db/transaction';

/** Whether a promotion can be used at `now`: started, not ended (by its time or early), not used up. */
export const promotionRunningSql = (now: Date) =>
  and(
    isNull(subscriptionPromotions.endedAt),
    lte(subscriptionPromotions.startsAt, now),
    gt(subscriptionPromotions.endsAt, now),
    or(
      isNull(subscriptionPromotions.maxUses),
      sql`${subscriptionPromotions.used} < ${subscriptionPromotions.maxUses}`,
    ),
  );

/**
 * Who a fan is to a creator for a promotion: `new` when they never subscribed (no subscription row; a
 * signed-out visitor counts as new), `returning` when their subscription ended (`expired`), and
 * neither while one runs.
 */
async function standing(db: Queryable, fanId: string | null, creatorId: string) {
  if (fanId === null) return 'new' as const;
  const [row] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.fanId, fanId), eq(subscriptions.creatorId, creatorId)));
  if (!row) return 'new' as const;
  return row.status === 'expired' ? ('returning' as const) : null;
}

/**
 * The promotion of `creatorId` that `fanId` may have on their first month now, if any (docs/rules.md,
 * Subscription offers: the one home of promotion eligibility; the subscribe charges by it and every
 * screen shows its price from it). A creator runs at most one promotion per audience at a time.
 */
export async function eligiblePromotion(
  db: Queryable,
  fanId: string | null,
  creatorId: string,
  now: Date,
): Promise<PromotionRow | null> {
  const audience = await standing(db, fanId, creatorId);
  if (!audience) return null;
  const [promotion] = await db
    .select()
    .from(subscriptionPromotions)
    .where(
      and(
        eq(subscriptionPromotions.creatorId, creatorId),
        eq(subscriptionPromotions.audience, audience),
        promotionRunningSql(now),
      ),
    )
    .orderBy(asc(subscriptionPromotions.endsAt))
    .limit(1);
  return promotion ?? null;
}

/**
 * Spends one use of a promotion as a subscription takes it: one conditional UPDATE, so a promotion
 * with a maximum is never used past it however many fans subscribe at once. False: it stopped running.
 */
export async function takePromotion(db: Queryable, promotionId: string, now: Date): Promise<boolean> {
  const taken = await db
    .update(subscriptionPromotions)
    .set({ used: sql`${subscriptionPromotions.used} + 1` })
    .where(and(eq(subscriptionPromotions.id, promotionId), promotionRunningSql(now)))
    .returning({ id: subscriptionPromotions.id });
  return taken.length === 1;
}
