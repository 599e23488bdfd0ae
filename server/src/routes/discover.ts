import { discoverCardsResponse, discoverPage, discoverQuery } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireUser } from '../auth/guards';
import { discoverCards, markCardVisited, markCardVisitedCodes } from '../discover/cards';
import { discover } from '../discover/discover';
import { withErrors } from './with-errors';

export const discoverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/users/discover',
    {
      onRequest: requireUser,
      schema: { querystring: discoverQuery, response: withErrors({ 200: discoverPage }) },
    },
    async (request) => discover(app.db, currentUser(request), request.query),
  );

  app.get(
    '/v1/discover/cards',
    { onRequest: requireUser, schema: { response: withErrors({ 200: discoverCardsResponse }) } },
    async (request) => ({ data: await discoverCards(app.media, currentUser(request)) }),
  );

  app.post(
    '/v1/discover/cards/:id/visited',
    {
      onRequest: requireUser,
      schema: {
        params: z.object({ id: z.string().check(z.maxLength(100)) }),
        response: withErrors({ 204: z.null() }, markCardVisitedCodes),
      },
    },
    async (request, reply) => {
      await markCardVisited(app.media, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
