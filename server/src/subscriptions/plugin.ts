import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodic, type WorkerGroup } from '../jobs/jobs';
import { renewDue } from './renew';

/** Periods that ended are renewed (or ended) every minute, by one instance at a time. */
const renewalSweep = periodic('subscription-renewals', '* * * * *', 300);

/** The subscription renewal sweep on pg-boss (docs/rules.md, "Renewal"). */
export const subscriptionRenewals = fp(
  async (app: FastifyInstance) => {
    let sweeper: WorkerGroup | null = null;
    app.addHook('onReady', async () => {
      sweeper = await app.jobs.schedule(renewalSweep, async () => {
        await renewDue({ db: app.db, realtime: app.realtime });
      });
    });
    app.addHook('preClose', async () => {
      await sweeper?.stop();
    });
  },
  { name: 'subscription-renewals', dependencies: ['realtime', 'jobs'], decorators: { fastify: ['db'] } },
);
