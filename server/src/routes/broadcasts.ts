import {
  broadcastEnvelope,
  broadcastRecipientsQuery,
  broadcastRecipientsResponse,
  broadcastSendBody,
  broadcastsPage,
  broadcastsQuery,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireUser } from '../auth/guards';
import { listBroadcasts } from '../broadcasts/list-broadcasts';
import {
  cancelBroadcast,
  cancelBroadcastCodes,
  unsendBroadcast,
  unsendBroadcastCodes,
} from '../broadcasts/manage-broadcast';
import { broadcastQueue } from '../broadcasts/queue';
import { countRecipients } from '../broadcasts/recipients';
import {
  assertMayBroadcast,
  mayBroadcastCodes,
  sendBroadcast,
  sendBroadcastCodes,
} from '../broadcasts/send-broadcast';
import { withErrors } from './with-errors';

const broadcastParams = z.object({ id: z.string() });

/** A creator's broadcasts: send (written in the background), list with their funnel, cancel, unsend. */
export const broadcastRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };
  const deps = { db: app.db, realtime: app.realtime };

  app.post(
    '/v1/broadcast/send',
    {
      ...guarded,
      schema: {
        body: broadcastSendBody,
        response: withErrors({ 200: broadcastEnvelope }, sendBroadcastCodes),
      },
    },
    async (request) => {
      const data = await sendBroadcast(
        { db: app.db, boss: app.jobs.boss },
        currentUser(request),
        request.body,
      );
      // Due now: this instance's writer starts it at once rather than at its next poll.
      app.jobs.wake(broadcastQueue.name);
      return { data };
    },
  );

  app.get(
    '/v1/broadcast',
    {
      ...guarded,
      schema: {
        querystring: broadcastsQuery,
        response: withErrors({ 200: broadcastsPage }, mayBroadcastCodes),
      },
    },
    async (request) => {
      const me = currentUser(request);
      await assertMayBroadcast(app.db, me);
      return listBroadcasts(app.db, me.id, request.query);
    },
  );

  app.get(
    '/v1/broadcast/recipients',
    {
      ...guarded,
      schema: {
        querystring: broadcastRecipientsQuery,
        response: withErrors({ 200: broadcastRecipientsResponse }, [...mayBroadcastCodes, 'not_found']),
      },
    },
    async (request) => {
      const me = currentUser(request);
      await assertMayBroadcast(app.db, me);
      return countRecipients(app.db, me, request.query);
    },
  );

  app.delete(
    '/v1/broadcast/:id',
    {
      ...guarded,
      schema: {
        params: broadcastParams,
        response: withErrors({ 200: broadcastEnvelope }, cancelBroadcastCodes),
      },
    },
    async (request) => cancelBroadcast(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/v1/broadcast/:id/unsend',
    {
      ...guarded,
      schema: {
        params: broadcastParams,
        response: withErrors({ 200: broadcastEnvelope }, unsendBroadcastCodes),
      },
    },
    async (request) => unsendBroadcast(deps, currentUser(request), request.params.id),
  );
};
