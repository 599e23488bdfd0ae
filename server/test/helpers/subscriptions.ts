import { subscriptions } from '../../src/db/schema';
import type { Party } from './chats';
import type { TestApp } from './test-app';

type SubscriptionFields = Omit<typeof subscriptions.$inferInsert, 'fanId' | 'creatorId' | 'periodPaid'> & {
  periodPaid?: number;
};

/**
 * Writes a fan's subscription to a creator straight into the table, in whatever state a test needs; its
 * period cost its monthly price unless told.
 */
export async function insertSubscription(
  t: TestApp,
  fan: Party,
  creator: Party,
  fields: SubscriptionFields,
): Promise<void> {
  await t.db
    .insert(subscriptions)
    .values({ fanId: fan.user.id, creatorId: creator.user.id, periodPaid: fields.price, ...fields });
}
