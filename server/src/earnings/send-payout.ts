import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { payouts } from '../db/schema';
import type { PayoutProvider } from './payout-provider';
import { type PayoutJobData, payoutQueue } from './payout-queue';

/** The sending job: a pending payout goes to the provider, which answers with its reference. */
export async function sendPayout(
  deps: { db: Db; provider: PayoutProvider },
  payoutId: string,
): Promise<void> {
  const [p] = await deps.db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!p || p.status !== 'pending') return;
  const ref = await deps.provider.send({ id: p.id, amount: p.amount, method: p.method, details: p.details });
  await deps.db
    .update(payouts)
    .set({ providerRef: ref, updatedAt: new Date() })
    .where(and(eq(payouts.id, p.id), eq(payouts.status, 'pending')));
}

/**
 * Queues again the pending payouts never handed to the provider for `olderThanMs` (a sending job
 * that ran out of tries, or was lost with its queue): at start with 0, then every few minutes.
 * A payout queued twice is sent once: the provider keys on its id.
 */
export async function requeueUnsent(db: Db, boss: PgBoss, olderThanMs: number): Promise<number> {
  // Touched as they are queued, so the next sweep leaves them to this one's job.
  const left = await db
    .update(payouts)
    .set({ updatedAt: new Date() })
    .where(
      and(
        eq(payouts.status, 'pending'),
        isNull(payouts.providerRef),
        lt(payouts.updatedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .returning({ id: payouts.id });
  for (const { id } of left) {
    const data: PayoutJobData = { payoutId: id };
    await boss.send(payoutQueue.name, data);
  }
  return left.length;
}
