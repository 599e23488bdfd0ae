import { user } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/guards';
import { userDto } from '../users/load-user';
import { withErrors } from './with-errors';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/users/me',
    { onRequest: requireUser, schema: { response: withErrors({ 200: user }, [401]) } },
    async (request) => userDto(app.db, currentUser(request)),
  );
};
