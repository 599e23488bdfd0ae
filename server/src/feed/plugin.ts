import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rowsOf } from '../db/rows';
import type { Job, WorkerGroup } from '../jobs/jobs';
import { bossTable } from '../jobs/job-tables';
import { runFanout } from './fanout';
import { type FeedFanoutJobData, feedFanoutQueue } from './fanout-queue';
import { publishDuePosts, scheduledPostsSweep } from './schedule';

/**
 * Posts' unread counts carried to followers in the background: one worker per instance. At start,
 * every fan-out left without a waiting job (its worker killed) gets one; running one twice is safe,
 * since batches take the post's row in turn and go on from the last person reached. Scheduled posts
 * come out by the minute sweep (schedule.ts), which starts their fan-outs.
 */
export const feedFanoutWriter = fp(
  async (app: FastifyInstance) => {
    let workers: WorkerGroup | null = null;
    let sweeper: WorkerGroup | null = null;
    app.addHook('onReady', async () => {
      sweeper = await app.jobs.schedule(scheduledPostsSweep, async () => {
        await publishDuePosts(app);
      });
      await app.jobs.ensureQueues([feedFanoutQueue]);
      const left = rowsOf<{ post_id: string }>(
        await app.db.execute(sql`
          select f.post_id from feed_fanouts f
          where f.state in ('adding', 'removing') and not exists (select 1 from ${bossTable('job')} j
            where j.name = ${feedFanoutQueue.name} and j.data->>'postId' = f.post_id::text
              and j.state in ('created', 'retry'))`),
      );
      for (const { post_id } of left) {
        const data: FeedFanoutJobData = { postId: post_id };
        await app.jobs.boss.send(feedFanoutQueue.name, data);
      }
      workers = await app.jobs.work<FeedFanoutJobData>(
        feedFanoutQueue.name,
        1,
        async (job: Job<FeedFanoutJobData>) => {
          await runFanout({ db: app.db, realtime: app.realtime }, job.data.postId);
        },
      );
    });
    app.addHook('preClose', async () => {
      await workers?.stop();
      await sweeper?.stop();
    });
  },
  { name: 'feed-fanout-writer', dependencies: ['realtime', 'jobs'], decorators: { fastify: ['db'] } },
);
