import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodic, type WorkerGroup } from '../jobs/jobs';
import { eraseDueAccounts } from './erase-account';

/** Accounts whose scheduled deletion has come are erased every minute, by one instance at a time. */
const deletionSweep = periodic('account-deletions', '* * * * *', 300);

/** The scheduled-deletion sweep on pg-boss (docs/rules.md, "Account lifecycle"). */
export const accountDeletions = fp(
  async (app: FastifyInstance) => {
    let sweeper: WorkerGroup | null = null;
    app.addHook('onReady', async () => {
      sweeper = await app.jobs.schedule(deletionSweep, async () => {
        await eraseDueAccounts({
          db: app.db,
          storage: app.media.storage,
          mediaDir: join(app.config.dataDir, 'media'),
          realtime: app.realtime,
        });
      });
    });
    app.addHook('preClose', async () => {
      await sweeper?.stop();
    });
  },
  { name: 'account-deletions', dependencies: ['realtime', 'jobs', 'media'], decorators: { fastify: ['db'] } },
);
