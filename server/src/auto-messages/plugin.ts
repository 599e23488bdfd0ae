import type { AutoMessageCategory } from '@cove/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Job, WorkerGroup } from '../jobs/jobs';
import { deliverAutoMessages } from './deliver';
import { type AutoMessageJobData, autoMessageQueue } from './queue';
import { hasWritten, isFirstPurchase, type PurchaseRef, queueAutoMessages } from './trigger';

/** What the routes that see a trigger call (`app.autoMessages`). */
export interface AutoMessageTriggers {
  /** A trigger of `category` fired for this creator and fan. */
  fire(category: AutoMessageCategory, creatorId: string, fanId: string): Promise<void>;
  /** A fan just bought from a creator (`purchase`): their first purchase fires `first_purchase`. */
  purchased(fanId: string, creatorId: string, purchase: PurchaseRef): Promise<void>;
  /** A fan opened their chat with a creator: `welcome`, unless they have written in it already. */
  opened(creatorId: string, fanId: string, chatId: string): Promise<void>;
}

/** What a service needs that makes a follow or a subscription: it reports it, after it commits. */
export interface TriggerDeps {
  autoMessages: Pick<AutoMessageTriggers, 'fire'>;
}

/** What a service that sells something needs: it reports each purchase it makes, after it commits. */
export interface PurchaseDeps {
  autoMessages: Pick<AutoMessageTriggers, 'purchased'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    autoMessages: AutoMessageTriggers;
  }
}

/**
 * Auto-messages delivered in the background: triggers queue a job (trigger.ts), workers write the
 * messages (deliver.ts). A trigger that cannot be queued is logged, never failed: the follow or
 * purchase that fired it has already happened.
 */
export const autoMessageSender = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ part: 'auto-messages' });
    const deps = { db: app.db, realtime: app.realtime };
    let workers: WorkerGroup | null = null;
    const guarded = async (what: Record<string, string>, queue: () => Promise<boolean>) => {
      try {
        // Due now: this instance's worker looks at once rather than at its next poll.
        if (await queue()) workers?.notify();
      } catch (err) {
        log.warn({ err, ...what }, 'auto-message trigger not queued');
      }
    };
    const fire = (category: AutoMessageCategory, creatorId: string, fanId: string) =>
      guarded({ category, creatorId, fanId }, () =>
        queueAutoMessages(app.jobs.boss, app.db, { creatorId, fanId, category }),
      );
    app.decorate('autoMessages', {
      fire,
      purchased: (fanId: string, creatorId: string, purchase: PurchaseRef) =>
        // Most creators have no first-purchase messages: their fans' purchases are not counted.
        guarded({ category: 'first_purchase', creatorId, fanId }, () =>
          queueAutoMessages(app.jobs.boss, app.db, { creatorId, fanId, category: 'first_purchase' }, () =>
            isFirstPurchase(app.db, fanId, creatorId, purchase),
          ),
        ),
      opened: (creatorId: string, fanId: string, chatId: string) =>
        guarded({ category: 'welcome', creatorId, fanId }, () =>
          queueAutoMessages(
            app.jobs.boss,
            app.db,
            { creatorId, fanId, category: 'welcome' },
            async () => !(await hasWritten(app.db, fanId, chatId)),
          ),
        ),
    });

    app.addHook('onReady', async () => {
      await app.jobs.ensureQueues([autoMessageQueue]);
      workers = await app.jobs.work<AutoMessageJobData>(
        autoMessageQueue.name,
        1,
        async (job: Job<AutoMessageJobData>) => {
          await deliverAutoMessages(deps, job.data);
        },
      );
    });
    app.addHook('preClose', async () => {
      await workers?.stop();
    });
  },
  { name: 'auto-messages', dependencies: ['realtime', 'jobs'], decorators: { fastify: ['db'] } },
);
