import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepSelfDestructed } from '../jobs/self-destruct';

const SWEEP_MS = 10_000;

/** Periodic work of this instance; each job is safe to run on several instances at once. */
export const jobs = fp(async (app: FastifyInstance) => {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const users = await sweepSelfDestructed(app.db);
      if (users.length) await app.realtime.notify(users);
    } catch (err) {
      app.log.warn({ err }, 'self-destruct sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
