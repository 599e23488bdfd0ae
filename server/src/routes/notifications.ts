import {
  notificationsPage,
  notificationsQuery,
  notificationsReadBody,
  notificationsReadResponse,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/guards';
import { notificationsCodes, notificationsPage as readPage } from '../notifications/list';
import { markNotificationsRead } from '../notifications/read';
import { withErrors } from './with-errors';

/** The notifications centre: a person's records, newest first, and marking them read. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };

  app.get(
    '/v1/notifications',
    {
      ...guarded,
      schema: {
        querystring: notificationsQuery,
        response: withErrors({ 200: notificationsPage }, notificationsCodes),
      },
    },
    (request) => readPage(app.db, currentUser(request).id, request.query),
  );

  app.post(
    '/v1/notifications/read',
    {
      ...guarded,
      schema: {
        body: notificationsReadBody,
        response: withErrors({ 200: notificationsReadResponse }, notificationsCodes),
      },
    },
    async (request) => ({
      unread: await markNotificationsRead(
        { db: app.db, realtime: app.realtime },
        currentUser(request).id,
        request.body,
      ),
    }),
  );
};
