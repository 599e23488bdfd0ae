import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Jobs, periodic } from '../jobs/jobs';
import { sweepSelfDestructed } from '../jobs/self-destruct';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** Self-destructed messages go once a minute, swept by one instance at a time. */
const selfDestructSweep = periodic('self-destruct-sweep', '* * * * *', 300);

/**
 * pg-boss on the app's database (`app.jobs`), started once the app is ready, with the self-destruct
 * sweep. Other parts add their queues and workers in their own onReady. On close, workers stop
 * fetching and running jobs get a while to finish; what still runs then is failed and retried.
 */
export const jobs = fp(
  async (app: FastifyInstance) => {
    const background = new Jobs(app.db, app.log.child({ part: 'jobs' }));
    app.decorate('jobs', background);
    const sweep = async () => {
      // A batch at a time until nothing is due: a minute may bring more than one batch.
      for (;;) {
        if ((await sweepSelfDestructed(app)) === 0) return;
      }
    };
    app.addHook('onReady', async () => {
      await background.start();
      await background.schedule(selfDestructSweep, sweep);
    });
    app.addHook('onClose', async () => background.stop());
  },
  { name: 'jobs', dependencies: ['realtime'], decorators: { fastify: ['db'] } },
);
