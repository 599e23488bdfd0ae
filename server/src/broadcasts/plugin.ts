import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { broadcasts } from '../db/schema';
import type { Job, WorkerGroup } from '../jobs/jobs';
import { countFailure } from './fail-broadcast';
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
      // A broadcast an instance was writing when it died would wait for its job to expire (an hour):
      // resume it now. Two writers of one broadcast take turns on its row and skip written
      // recipients, so a run alongside the old job writes nothing twice.
      const left = await app.db
        .select({ id: broadcasts.id })
        .from(broadcasts)
        .where(eq(broadcasts.status, 'sending'));
      for (const { id } of left) await app.jobs.boss.send(broadcastQueue.name, { broadcastId: id });
      if (left.length > 0) workers.notify();
    });
    app.addHook('preClose', async () => {
      await workers?.stop();
    });
  },
  { name: 'broadcast-writer', dependencies: ['realtime', 'jobs'], decorators: { fastify: ['db'] } },
);
