import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodic, type WorkerGroup } from '../jobs/jobs';
import { eraseDecidedIdDocuments } from './id-documents';

/** Every hour, on one instance at a time: ID photos past their retention are erased. */
const idDocumentSweep = periodic('id-documents-sweep', '23 * * * *', 600);

/** ID photos are kept until some days after the decision (docs/rules.md, "Becoming a creator"). */
export const idDocumentRetention = fp(
  async (app: FastifyInstance) => {
    let sweeper: WorkerGroup | null = null;
    app.addHook('onReady', async () => {
      sweeper = await app.jobs.schedule(idDocumentSweep, async () => {
        await eraseDecidedIdDocuments({ db: app.db, storage: app.media.storage });
      });
    });
    app.addHook('preClose', async () => {
      await sweeper?.stop();
    });
  },
  { name: 'id-document-retention', dependencies: ['jobs', 'media'], decorators: { fastify: ['db'] } },
);
