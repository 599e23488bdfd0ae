import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodic, type WorkerGroup } from '../jobs/jobs';
import type { PayoutProvider } from './payout-provider';
import { type PayoutJobData, payoutQueue } from './payout-queue';
import { creditReferrals } from './referral-credits';
import { SandboxPayouts, type SandboxSettleJob, sandboxPayoutQueue } from './sandbox-payouts';
import { requeueUnsent, sendPayout } from './send-payout';
import { settlePayout } from './settle-payout';

declare module 'fastify' {
  interface FastifyInstance {
    payouts: {
      provider: PayoutProvider;
      /** A payout became pending: the sending workers look now instead of at their next poll. */
      queued(): void;
    };
  }
}

/** Pending payouts a crash left unsent are queued again by one instance every five minutes. */
const unsentSweep = periodic('payouts-sweep', '*/5 * * * *', 300);
/** Ended days' referral shares are credited every five minutes, by one instance at a time. */
const referralRun = periodic('referral-credits', '*/5 * * * *', 600);
const SWEEP_AGE_MS = 5 * 60_000;

/**
 * Payouts (`app.payouts`): the sandbox provider, in this same server, is the one built in; a real
 * one plugs in behind `PayoutProvider` (docs/architecture.md). Workers send pending payouts and apply
 * the sandbox's outcomes; the referral job and the sweep run on pg-boss's clock.
 */
export const earnings = fp(
  async (app: FastifyInstance) => {
    const groups: (WorkerGroup | null)[] = [];
    let senders: WorkerGroup | null = null;
    let settlers: WorkerGroup | null = null;
    const provider = new SandboxPayouts(app.jobs.boss, app.config.earnings.payoutSettleMs, () =>
      settlers?.notify(),
    );
    app.decorate('payouts', { provider, queued: () => senders?.notify() });
    const deps = { db: app.db, realtime: app.realtime };
    app.addHook('onReady', async () => {
      await app.jobs.ensureQueues([payoutQueue, sandboxPayoutQueue]);
      senders = await app.jobs.work<PayoutJobData>(payoutQueue.name, 2, async (job) => {
        await sendPayout({ db: app.db, provider }, job.data.payoutId);
      });
      settlers = await app.jobs.work<SandboxSettleJob>(sandboxPayoutQueue.name, 2, async (job) => {
        await settlePayout(deps, job.data.payoutId, job.data.outcome);
      });
      groups.push(
        senders,
        settlers,
        await app.jobs.schedule(unsentSweep, async () => {
          await requeueUnsent(app.db, app.jobs.boss, SWEEP_AGE_MS);
        }),
        await app.jobs.schedule(referralRun, async () => {
          await creditReferrals({ db: app.db, realtime: app.realtime });
        }),
      );
      if ((await requeueUnsent(app.db, app.jobs.boss, 0)) > 0) senders.notify();
    });
    app.addHook('preClose', async () => {
      for (const g of groups) await g?.stop();
    });
  },
  { name: 'earnings', dependencies: ['realtime', 'jobs'], decorators: { fastify: ['config', 'db'] } },
);
