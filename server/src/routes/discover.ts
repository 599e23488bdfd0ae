import { discoverPage, discoverQuery } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/guards';
import { discover } from '../discover/discover';

export const discoverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/users/discover',
    { onRequest: requireUser, schema: { querystring: discoverQuery, response: { 200: discoverPage } } },
    async (request) => discover(app.db, currentUser(request).id, request.query),
  );
};
