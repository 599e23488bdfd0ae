import type { Subscription } from '@cove/contracts';
import type { SubscriptionRow } from '../db/schema';

/** The creator a subscription is to, as the contract shows them. */
export interface SubscribedCreator {
  id: string;
  username: string | null;
  avatarUrl: string | null;
}

/** One of the fan's subscriptions as the API answers it; an expired one is never shown. */
export function toSubscriptionDto(row: SubscriptionRow, creator: SubscribedCreator): Subscription {
  return {
    _id: row.id,
    status: row.status === 'active' ? 'active' : 'canceled',
    user: { _id: creator.id, username: creator.username, avatar_url: creator.avatarUrl },
    price: row.price,
    expires_at: row.currentPeriodEnd.toISOString(),
    created_at: row.createdAt.toISOString(),
    months: row.months,
    // A run started by a trial link is in its trial until its first paid period.
    trial: row.trialLinkId !== null && row.periodPaid === 0,
  };
}
