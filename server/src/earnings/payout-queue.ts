import type PgBoss from 'pg-boss';
import { bossDb } from '../jobs/boss-db';
import type { QueueDefinition } from '../jobs/jobs';
import type { Tx } from '../db/transaction';

/** What a payout's sending job carries. */
export interface PayoutJobData {
  payoutId: string;
}

/**
 * Hands pending payouts to the provider, durable on pg-boss: queued in the transaction that made
 * the payout pending, retried with backoff while the provider is unreachable.
 */
export const payoutQueue: QueueDefinition = {
  name: 'payouts',
  retryLimit: 20,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
};

/** Queues a payout's sending in the caller's transaction, so it goes exactly when the change commits. */
export async function queuePayout(boss: PgBoss, tx: Tx, payoutId: string): Promise<void> {
  const data: PayoutJobData = { payoutId };
  await boss.send(payoutQueue.name, data, { db: bossDb(tx) });
}
