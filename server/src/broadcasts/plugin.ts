import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Job, WorkerGroup } from '../jobs/jobs';
import { type BroadcastJobData, broadcastQueue } from './queue';
import { writeBroadcast } from './write-broadcast';

/** Broadcasts written in the background: one worker per instance, each job one broadcast. */
export const broadcastWriter = fp(
  async (app: FastifyInstance) => {
    let workers: WorkerGroup | null = null;
    app.addHook('onReady', async () => {
      await app.jobs.ensureQueues([broadcastQueue]);
      workers = await app.jobs.work<BroadcastJobData>(
        broadcastQueue.name,
        1,
        async (job: Job<BroadcastJobData>) => {
          await writeBroadcast({ db: app.db, realtime: app.realtime }, job.data.broadcastId);
        },
      );
    });
    app.addHook('preClose', async () => {
      await workers?.stop();
    });
  },
  { name: 'broadcast-writer', dependencies: ['realtime', 'jobs'], decorators: { fastify: ['db'] } },
);
