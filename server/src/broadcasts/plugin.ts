import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Job, WorkerGroup } from '../jobs/jobs';
import { countFailure } from './fail-broadcast';
import { type BroadcastJobData, broadcastQueue } from './queue';
import { resumeBroadcasts } from './resume';
import { writeBroadcast } from './write-broadcast';

/** Broadcasts written in the background: one worker per instance, each job one broadcast. */
export const broadcastWriter = fp(
  async (app: FastifyInstance) => {
    let workers: WorkerGroup | null = null;
    app.addHook('onReady', async () => {
      await app.jobs.ensureQueues([broadcastQueue]);
      // Before the worker starts: a job it had just taken would look like one a dead worker left.
      const resumed = await resumeBroadcasts(app.db, app.jobs.boss);
      if (resumed.length > 0) app.log.info({ broadcasts: resumed }, 'broadcasts resumed');
      workers = await app.jobs.work<BroadcastJobData>(
        broadcastQueue.name,
        1,
        async (job: Job<BroadcastJobData>) => {
          const deps = { db: app.db, realtime: app.realtime };
          const { broadcastId } = job.data;
          try {
            await writeBroadcast(deps, broadcastId);
          } catch (err) {
            // Counted when it throws (a killed process never gets here); not counted when the count
            // itself fails (the database is away), so an outage never fails a broadcast.
            const next = await countFailure(deps, broadcastId).catch(() => 'retry' as const);
            if (next === 'retry') throw err;
            if (next === 'failed') app.log.error({ err, broadcastId }, 'broadcast failed: writing given up');
          }
        },
      );
    });
    app.addHook('preClose', async () => {
      await workers?.stop();
    });
  },
  { name: 'broadcast-writer', dependencies: ['realtime', 'jobs'], decorators: { fastify: ['db'] } },
);
