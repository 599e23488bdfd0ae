import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { withErrors } from './with-errors';

const status = z.object({ status: z.enum(['ok', 'unavailable']) });

/** `/healthz`: the process answers. `/readyz`: it can also reach its database. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { response: withErrors({ 200: status }) } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/readyz',
    { schema: { response: withErrors({ 200: status, 503: status }) } },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'database is not reachable');
        return reply.code(503).send({ status: 'unavailable' });
      }
    },
  );
};
