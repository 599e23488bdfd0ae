import { clientErrorReport } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { withErrors } from './with-errors';

/** Load and render failures of remotes, logged per remote and version so a bad release shows up at once. */
export const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/client-errors',
    { schema: { body: clientErrorReport, response: withErrors({ 204: z.null() }) } },
    async (request, reply) => {
      const { remote, version, phase, message } = request.body;
      request.log.warn(
        { remote, version, phase, userId: request.user?.id ?? null, clientError: message },
        'remote failed',
      );
      return reply.code(204).send(null);
    },
  );
};
