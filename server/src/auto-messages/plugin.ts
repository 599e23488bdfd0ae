import type { AutoMessageCategory } from '@cove/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/transaction';
import type { Job, WorkerGroup } from '../jobs/jobs';
import { deliverAutoMessages } from './deliver';
import { type AutoMessageJobData, autoMessageQueue } from './queue';
import { hasWritten, isFirstPurchase, mayQueue, type PurchaseRef, queueAutoMessages } from './trigger';

/**
 * What the services that see a trigger call (`app.autoMessages`), inside the transaction that makes
 * the follow, purchase or subscription, so its job commits with it or not at all. Each answers
 * whether it queued a job; after the commit, `wake` has this instance's worker look at once.
 */
export interface AutoMessageTriggers {
  /** A trigger of `category` fired for this creator and fan. */
  fire(tx: Tx, category: AutoMessageCategory, creatorId: string, fanId: string): Promise<boolean>;
  /** A fan just bought from a creator (`purchase`): their first purchase fires `first_purchase`. */
  purchased(tx: Tx, fanId: string, creatorId: string, purchase: PurchaseRef): Promise<boolean>;
  /** A fan opened their chat with a creator: `welcome`, unless they have written in it already. */
  opened(tx: Tx, creatorId: string, fanId: string, chatId: string): Promise<boolean>;
  /** A job was queued by a transaction now committed: a job due now starts without waiting for a poll. */
  wake(): void;
  /**
   * Before a sale whose creator is only known to the database call (SQL naming them): whether its
   * `first_purchase` trigger may queue anything, so a sale that cannot skips the transaction around it.
   */
  mayThank(fanId: string, creatorId: SQL | string): Promise<boolean>;
}

/** What a service needs that makes a follow or a subscription: it reports it in its transaction. */
export interface TriggerDeps {
  autoMessages: Pick<AutoMessageTriggers, 'fire' | 'wake'>;
}

/** What a service that sells something needs: it reports each purchase it makes, in its transaction. */
export interface PurchaseDeps {
  autoMessages: Pick<AutoMessageTriggers, 'purchased' | 'wake'>;
}

/** What a sale made by one database call needs: it asks first whether its trigger may queue anything. */
export interface CallPurchaseDeps {
  autoMessages: Pick<AutoMessageTriggers, 'purchased' | 'wake' | 'mayThank'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    autoMessages: AutoMessageTriggers;
  }
}

/**
 * Auto-messages delivered in the background: triggers queue a job in the transaction that fired them
 * (trigger.ts), workers write the messages (deliver.ts). A trigger that cannot be queued is logged and
 * rolled back to its savepoint, never failed: the follow or purchase that fired it still commits.
 */
export const autoMessageSender = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ part: 'auto-messages' });
    const deps = { db: app.db, realtime: app.realtime };
    let workers: WorkerGroup | null = null;
    const guarded = async (tx: Tx, what: Record<string, string>, queue: (sp: Tx) => Promise<boolean>) => {
      try {
        return await tx.transaction(queue);
      } catch (err) {
        log.warn({ err, ...what }, 'auto-message trigger not queued');
        return false;
      }
    };
    const fire = (tx: Tx, category: AutoMessageCategory, creatorId: string, fanId: string) =>
      guarded(tx, { category, creatorId, fanId }, (sp) =>
        queueAutoMessages(app.jobs.boss, sp, { creatorId, fanId, category }),
      );
    app.decorate('autoMessages', {
      fire,
      purchased: (tx: Tx, fanId: string, creatorId: string, purchase: PurchaseRef) =>
        // Most creators have no first-purchase messages: their fans' purchases are not counted.
        guarded(tx, { category: 'first_purchase', creatorId, fanId }, (sp) =>
          queueAutoMessages(app.jobs.boss, sp, { creatorId, fanId, category: 'first_purchase' }, () =>
            isFirstPurchase(sp, fanId, creatorId, purchase),
          ),
        ),
      opened: (tx: Tx, creatorId: string, fanId: string, chatId: string) =>
        guarded(tx, { category: 'welcome', creatorId, fanId }, (sp) =>
          queueAutoMessages(
            app.jobs.boss,
            sp,
            { creatorId, fanId, category: 'welcome' },
            async () => !(await hasWritten(sp, fanId, chatId)),
          ),
        ),
      wake: () => workers?.notify(),
      mayThank: (fanId: string, creatorId: SQL | string) =>
        mayQueue(app.db, 'first_purchase', creatorId, fanId),
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
