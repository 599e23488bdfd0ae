import { providerConfig, providerConfigQuery } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { providerConfigFor } from '../provider/provider-config';
import { withErrors } from './with-errors';

export const providerConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/provider/config',
    { schema: { querystring: providerConfigQuery, response: withErrors({ 200: providerConfig }) } },
    async (request) => providerConfigFor(app.db, request.user, app.config.botCheck),
  );
};
