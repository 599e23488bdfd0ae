import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { bossDb } from '../../jobs/boss-db';
import type { QueueDefinition, WorkerGroup } from '../../jobs/jobs';
import type { Tx } from '../../db/transaction';
import { signWebhook } from '../webhook-signature';
import type { SandboxEvent } from './sandbox-provider';

/**
 * Like a processor's webhooks: at least once, retried with backoff for about an hour until Cove
 * answers 2xx, each try signed afresh.
 */
export const webhookQueue: QueueDefinition = {
  name: 'sandbox-webhooks',
  retryLimit: 12,
  retryDelay: 1,
  retryBackoff: true,
  // A delivery is one request into this server; one whose server was killed is handed on after a
  // minute (at pg-boss's next maintenance), not after the default 15.
  expireInSeconds: 60,
};

export const SANDBOX_WEBHOOK_PATH = '/payments/webhook/sandbox';

/** Queues an event in the caller's transaction, so it is sent exactly when the change commits. */
export function queueWebhook(boss: PgBoss): (tx: Tx, event: SandboxEvent) => Promise<void> {
  return async (tx, event) => {
    await boss.send(webhookQueue.name, { event }, { db: bossDb(tx) });
  };
}

/**
 * Workers that post queued events to Cove's webhook route, through the app itself (the sandbox runs
 * in the same server, so no address or port is needed); anything but 2xx fails the try.
 */
export async function startWebhookWorkers(app: FastifyInstance, secret: Buffer): Promise<WorkerGroup> {
  await app.jobs.ensureQueues([webhookQueue]);
  // After each delivery the workers look again at once: a backlog (after a restart) drains at the speed
  // of the deliveries, not one job per worker per polling interval (2 s).
  const workers: WorkerGroup = await app.jobs.work<{ event: SandboxEvent }>(
    webhookQueue.name,
    2,
    async (job) => {
      const body = Buffer.from(JSON.stringify(job.data.event));
      const res = await app.inject({
        method: 'POST',
        url: SANDBOX_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'cove-signature': signWebhook(secret, body) },
        payload: body,
      });
      if (res.statusCode >= 300)
        throw new Error(`webhook answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      workers.notify();
    },
  );
  return workers;
}
