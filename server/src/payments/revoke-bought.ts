import type { PaymentRow } from '../db/schema';
import type { Tx } from '../db/transaction';
import type { Emit } from '../realtime/with-events';
import { endForChargeback } from '../subscriptions/end-for-chargeback';
import { revokePostUnlock, revokeUnlock } from './payment-ledger';

/**
 * What a chargeback takes back of what its payment bought (docs/rules.md, Payment intents), before it
 * takes back the credits: the message or post it unlocked locks again, the subscription it started
 * ends now; what each cost returns to the fan's credits, its creator's share with it. A tip stays
 * sent: its credits become debt like any other spending. Returns the creators whose earnings it took
 * back.
 */
export async function revokeBought(tx: Tx, emit: Emit, p: PaymentRow): Promise<string[]> {
  if (p.unlockedMessageId !== null) return revokeUnlock(tx, p.userId, p.unlockedMessageId);
  // Only what this payment did: a post bought in credits before, or a subscription refused, stays.
  if (p.actionStatus !== 'done' || !p.modelId) return [];
  if (p.paymentType === 'post' && p.feedId) return revokePostUnlock(tx, p.userId, p.feedId);
  if (p.paymentType === 'subscription')
    return endForChargeback(tx, emit, p.userId, p.modelId, `payment:${p.id}`);
  return [];
}
