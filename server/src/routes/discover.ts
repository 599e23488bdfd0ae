import { discoverPage, discoverQuery } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/guards';
import { discover } from '../discover/discover';
import { withErrors } from './with-errors';

export const discoverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/users/discover',
    {
      onRequest: requireUser,
      schema: { querystring: discoverQuery, response: withErrors({ 200: discoverPage }, [401]) },
    },
    async (request) => discover(app.db, currentUser(request).id, request.query),
  );
};
