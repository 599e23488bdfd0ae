import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Job, WorkerGroup } from '../jobs/jobs';
import { fanOut } from './fan-out';
import { PushOutbox } from './outbox';
import { type FanOutJobData, pushFanOutQueue, pushSendQueue, type SendJobData } from './queues';
import { sendPush } from './send-push';
import { vapidKeys } from './vapid';

declare module 'fastify' {
  interface FastifyInstance {
    /** The VAPID public key browsers subscribe with. */
    pushPublicKey: string;
  }
}

/** Sends each instance runs at once: they mostly wait on push services. */
const SEND_WORKERS = 4;

/**
 * Web push (docs/rules.md, "Push notifications"): events committed for users with no socket here are
 * gathered into fan-out jobs, which queue one send job per endpoint of the users still offline.
 */
export const push = fp(
  async (app: FastifyInstance) => {
    const vapid = vapidKeys(app.config.push, app.config.dataDir);
    app.decorate('pushPublicKey', vapid.publicKey);
    const log = app.log.child({ part: 'push' });
    let fanOutWorkers: WorkerGroup | null = null;
    let sendWorkers: WorkerGroup | null = null;
    const outbox = new PushOutbox(async (items) => {
      await app.jobs.boss.send(pushFanOutQueue.name, { items } satisfies FanOutJobData);
      fanOutWorkers?.notify();
    }, log);

    app.addHook('onReady', async () => {
      await app.jobs.ensureQueues([pushFanOutQueue, pushSendQueue]);
      sendWorkers = await app.jobs.work<SendJobData>(pushSendQueue.name, SEND_WORKERS, async (job) => {
        const outcome = await sendPush(app.db, vapid, job.data.subscriptionId, job.data.payload);
        if (outcome === 'refused') log.warn({ subscriptionId: job.data.subscriptionId }, 'push refused');
      });
      fanOutWorkers = await app.jobs.work<FanOutJobData>(
        pushFanOutQueue.name,
        1,
        async (job: Job<FanOutJobData>) => {
          if ((await fanOut(app.db, app.jobs.boss, job.data.items)) > 0) sendWorkers?.notify();
        },
      );
      app.realtime.committed = (events) => outbox.add(events);
    });
    app.addHook('preClose', async () => {
      app.realtime.committed = () => undefined;
      await outbox.close();
      await fanOutWorkers?.stop();
      await sendWorkers?.stop();
    });
  },
  { name: 'push', dependencies: ['realtime', 'jobs'], decorators: { fastify: ['config', 'db'] } },
);
