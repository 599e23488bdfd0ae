import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dataDirSecret } from '../data-dir-secret';
import type { Schedule, WorkerGroup } from '../jobs/jobs';
import { finishLeftActions } from './finish-action';
import type { PaymentProvider } from './provider';
import { SandboxProvider } from './sandbox/sandbox-provider';
import { queueWebhook, startWebhookWorkers } from './sandbox/webhook-delivery';

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      provider: PaymentProvider;
      /** The built-in provider's own controls (its pages and the admin CLI), when it is the one in use. */
      sandbox: SandboxProvider | null;
    };
  }
}

/** Payment actions a crash left undone are finished by one instance every minute. */
const actionSweep: Schedule = {
  queue: { name: 'payment-actions-sweep', policy: 'stately', retryLimit: 0, expireInSeconds: 300 },
  cron: '* * * * *',
};

/**
 * The payment provider (`app.payments`): the sandbox, in this same server, is the one provider built
 * in; docs/architecture.md says how a card processor such as Stripe plugs in behind the same interface.
 */
export const payments = fp(
  async (app: FastifyInstance) => {
    const secret = dataDirSecret(
      app.config.dataDir,
      'payment-webhook-secret',
      app.config.paymentWebhookSecret,
    );
    let webhooks: WorkerGroup | null = null;
    let sweeper: WorkerGroup | null = null;
    const sandbox = new SandboxProvider(app.db, secret, queueWebhook(app.jobs.boss), () =>
      webhooks?.notify(),
    );
    app.decorate('payments', { provider: sandbox, sandbox });
    app.addHook('onReady', async () => {
      webhooks = await startWebhookWorkers(app, secret);
      sweeper = await app.jobs.schedule(actionSweep, async () => {
        await finishLeftActions(app);
      });
    });
    app.addHook('preClose', async () => {
      await webhooks?.stop();
      await sweeper?.stop();
    });
  },
  { name: 'payments', dependencies: ['realtime', 'jobs'], decorators: { fastify: ['config', 'db'] } },
);
