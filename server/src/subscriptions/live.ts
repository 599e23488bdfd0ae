import { SUBSCRIPTION_PERIOD_DAYS } from '@cove/contracts';
import { type SQL, sql } from 'drizzle-orm';

/** A subscription lasts SUBSCRIPTION_PERIOD_DAYS a period (docs/rules.md, "Subscription"). */
export const PERIOD_MS = SUBSCRIPTION_PERIOD_DAYS * 24 * 60 * 60 * 1000;

/**
 * A subscriptions row (under `alias`) that gives access now: active (an active one past its end is
 * only waiting for the renewal sweep), or canceled until its paid period ends. `status <> 'expired'`
 * lets the planner use the partial indexes of migration 0014.
 */
export const liveSubscriptionSql = (alias: string): SQL =>
  sql.raw(
    `(${alias}.status <> 'expired' and (${alias}.status = 'active' or ${alias}.current_period_end > now()))`,
  );

/** The same test in Node, for a row already read. */
export const isLive = (s: { status: string; currentPeriodEnd: Date }, now: Date): boolean =>
  s.status === 'active' || (s.status === 'canceled' && s.currentPeriodEnd > now);
