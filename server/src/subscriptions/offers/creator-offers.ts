import type { Promotion, PromotionBody, SubscriptionBundle, SubscriptionOffers } from '@cove/contracts';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type PromotionRow,
  subscriptionBundles,
  subscriptionPromotions,
  type UserRow,
} from '../../db/schema';
import { transactionBetween } from '../../db/transaction';
import { fail } from '../../errors';
import { isUuid } from '../../ids';
import { bundlesOf } from './subscribe-options';
import { toTrialLinkDto, trialLinksOf } from './trial-links';

/** The longest a promotion may run (docs/rules.md, Subscription offers). */
export const PROMOTION_DAYS_MAX = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export function toPromotionDto(p: PromotionRow, now: Date): Promotion {
  const over = p.endedAt !== null || p.endsAt <= now || (p.maxUses !== null && p.used >= p.maxUses);
  return {
    _id: p.id,
    audience: p.audience,
    percent_off: p.percentOff,
    starts_at: p.startsAt.toISOString(),
    ends_at: (p.endedAt && p.endedAt < p.endsAt ? p.endedAt : p.endsAt).toISOString(),
    max_uses: p.maxUses,
    used: p.used,
    status: over ? 'ended' : p.startsAt > now ? 'scheduled' : 'active',
  };
}

/** `GET /v1/subscription-offers`: the creator's bundles, promotions (newest first) and trial links. */
export async function creatorOffers(db: Db, me: UserRow): Promise<SubscriptionOffers> {
  const now = new Date();
  const [bundles, promotions, links] = await Promise.all([
    bundlesOf(db, me.id),
    db
      .select()
      .from(subscriptionPromotions)
      .where(eq(subscriptionPromotions.creatorId, me.id))
      .orderBy(desc(subscriptionPromotions.createdAt))
      .limit(50),
    trialLinksOf(db, me.id),
  ]);
  return {
    subscription_price: me.subscriptionPrice,
    bundles: bundles.map((b) => ({
      months: b.months as SubscriptionBundle['months'],
      percent_off: b.percentOff,
    })),
    promotions: promotions.map((p) => toPromotionDto(p, now)),
    trial_links: links.map((l) => toTrialLinkDto(l, me.username, now)),
  };
}

/**
 * `PUT /v1/subscription-offers/bundles`: the bundles offered from now on, replacing the old ones. A fan
 * who already bought one keeps what they paid for; a confirm sheet open on an old discount is refused
 * at subscribe (its total no longer matches).
 */
export async function setBundles(
  db: Db,
  me: UserRow,
  bundles: SubscriptionBundle[],
): Promise<SubscriptionOffers> {
  if (bundles.length > 0 && me.subscriptionPrice === 0) throw fail('offers_need_price');
  await transactionBetween(db, [me.id], async (tx) => {
    await tx.delete(subscriptionBundles).where(eq(subscriptionBundles.creatorId, me.id));
    if (bundles.length > 0)
      await tx
        .insert(subscriptionBundles)
        .values(bundles.map((b) => ({ creatorId: me.id, months: b.months, percentOff: b.percent_off })));
  });
  return creatorOffers(db, me);
}

/**
 * `POST /v1/subscription-offers/promotions`: a promotion from `starts_at` (now, if earlier) to `ends_at`,
 * at most PROMOTION_DAYS_MAX days. One per audience at a time: one overlapping another of the same
 * audience that has not ended is refused (409 `promotion_overlap`), checked under the creator's lock.
 */
export async function startPromotion(db: Db, me: UserRow, body: PromotionBody): Promise<Promotion> {
  if (me.subscriptionPrice === 0) throw fail('offers_need_price');
  const now = new Date();
  const startsAt = new Date(Math.max(now.getTime(), Date.parse(body.starts_at)));
  const endsAt = new Date(body.ends_at);
  if (endsAt <= startsAt)
    throw fail('validation', 'ends_at: the promotion must end in the future, after it starts.');
  if (endsAt.getTime() - startsAt.getTime() > PROMOTION_DAYS_MAX * DAY_MS)
    throw fail('validation', `ends_at: a promotion may run at most ${PROMOTION_DAYS_MAX} days.`);
  const row = await transactionBetween(db, [me.id], async (tx) => {
    const [overlap] = await tx
      .select({ id: subscriptionPromotions.id })
      .from(subscriptionPromotions)
      .where(
        and(
          eq(subscriptionPromotions.creatorId, me.id),
          eq(subscriptionPromotions.audience, body.audience),
          isNull(subscriptionPromotions.endedAt),
          lt(subscriptionPromotions.startsAt, endsAt),
          gt(subscriptionPromotions.endsAt, startsAt),
        ),
      );
    if (overlap) throw fail('promotion_overlap');
    const [made] = await tx
      .insert(subscriptionPromotions)
      .values({
        creatorId: me.id,
        audience: body.audience,
        percentOff: body.percent_off,
        startsAt,
        endsAt,
        maxUses: body.max_uses,
      })
      .returning();
    return made;
  });
  if (!row) throw new Error('promotion insert returned nothing');
  return toPromotionDto(row, now);
}

/** `DELETE /v1/subscription-offers/promotions/{id}`: ends the creator's own promotion now; 404 for another's. */
export async function endPromotion(db: Db, me: UserRow, id: string): Promise<Promotion> {
  if (!isUuid(id)) throw fail('promotion_not_found');
  const now = new Date();
  await db
    .update(subscriptionPromotions)
    .set({ endedAt: now })
    .where(
      and(
        eq(subscriptionPromotions.id, id),
        eq(subscriptionPromotions.creatorId, me.id),
        isNull(subscriptionPromotions.endedAt),
      ),
    );
  const [row] = await db
    .select()
    .from(subscriptionPromotions)
    .where(and(eq(subscriptionPromotions.id, id), eq(subscriptionPromotions.creatorId, me.id)));
  if (!row) throw fail('promotion_not_found');
  return toPromotionDto(row, now);
}
