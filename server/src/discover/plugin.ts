import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WorkerGroup } from '../jobs/jobs';
import { activityRefresh, refreshDiscoverActivity } from './activity';

/** Discover's order kept current: the activity job on pg-boss (docs/rules.md, Discover order). */
export const discoverActivity = fp(
  async (app: FastifyInstance) => {
    let worker: WorkerGroup | null = null;
    app.addHook('onReady', async () => {
      worker = await app.jobs.schedule(activityRefresh, () => refreshDiscoverActivity(app.db));
    });
    app.addHook('preClose', async () => {
      await worker?.stop();
    });
  },
  { name: 'discover-activity', dependencies: ['jobs'], decorators: { fastify: ['db'] } },
);
