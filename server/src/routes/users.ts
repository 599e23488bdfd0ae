import { engagementSignals, user } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/guards';
import { engagementOf } from '../users/engagement';
import { toUserDto } from '../users/user-dto';
import { withErrors } from './with-errors';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/users/me',
    { onRequest: requireUser, schema: { response: withErrors({ 200: user }) } },
    // The user and their credits were read with the token: this answer needs no query of its own.
    async (request) => toUserDto(currentUser(request), request.credits),
  );

  app.get(
    '/v1/users/me/signals',
    { onRequest: requireUser, schema: { response: withErrors({ 200: engagementSignals }) } },
    async (request) => engagementOf(app.db, currentUser(request)),
  );
};
