import {
  blockedPage,
  changeRateBody,
  chatQuery,
  chatResponse,
  chatsQuery,
  chatsResponse,
  chatTotals,
  createChatBody,
  patchChatsBody,
  pageQuery,
  patchChatsResponse,
  reportBody,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireRole, requireUser } from '../auth/guards';
import { blockedPeople } from '../chats/blocked-list';
import { bulkUpdate } from '../chats/bulk-update';
import {
  blockCodes,
  blockMediaCodes,
  changeRate,
  changeRateCodes,
  setBlocked,
  setMediaBlocked,
} from '../chats/chat-settings';
import { chatWith, chatWithCodes } from '../chats/chat-with';
import { chatTotals as totalsOf } from '../chats/chat-totals';
import { listChats } from '../chats/list-chats';
import { openChat, openChatCodes, otherUser } from '../chats/open-chat';
import { report, reportCodes } from '../reports/file-report';
import { assertRegionAllows, regionCodes } from '../region/guard';
import { withErrors } from './with-errors';

const done = z.object({ ok: z.literal(true) });

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };
  const deps = { db: app.db, realtime: app.realtime };

  app.get(
    '/v1/chats',
    { ...guarded, schema: { querystring: chatsQuery, response: withErrors({ 200: chatsResponse }) } },
    async (request) => listChats(app.db, currentUser(request).id, request.query, '/v1/chats'),
  );

  app.get(
    '/v1/chats/total',
    { onRequest: requireRole('featured'), schema: { response: withErrors({ 200: chatTotals }) } },
    async (request) => totalsOf(app.db, currentUser(request).id),
  );

  app.get(
    '/v1/chat',
    {
      ...guarded,
      schema: {
        querystring: chatQuery,
        response: withErrors({ 200: chatResponse }, [...chatWithCodes, ...regionCodes]),
      },
    },
    async (request) => {
      await assertRegionAllows(app, request, request.query.recipient_id);
      return chatWith(app, currentUser(request), request.query.recipient_id);
    },
  );

  app.post(
    '/v1/chat',
    {
      ...guarded,
      schema: {
        body: createChatBody,
        response: withErrors({ 200: chatResponse }, [...openChatCodes, ...chatWithCodes, ...regionCodes]),
      },
    },
    async (request) => {
      const me = currentUser(request);
      await assertRegionAllows(app, request, request.body.recipient_id);
      const other = await otherUser(app.db, request.body.recipient_id);
      await openChat(app, me, other);
      return chatWith(app, me, request.body.recipient_id);
    },
  );

  app.patch(
    '/v1/chats',
    {
      ...guarded,
      schema: { body: patchChatsBody, response: withErrors({ 200: patchChatsResponse }) },
    },
    async (request) => {
      const { action, ids, except_ids, type } = request.body;
      return bulkUpdate(app, currentUser(request).id, action, { ids, exceptIds: except_ids, type });
    },
  );

  app.post(
    '/v1/chats/change-rate',
    { ...guarded, schema: { body: changeRateBody, response: withErrors({ 200: done }, changeRateCodes) } },
    async (request) => {
      await changeRate(app, currentUser(request), request.body.chat_id, request.body.rate);
      return { ok: true as const };
    },
  );

  app.get(
    '/v1/users/blocked',
    { ...guarded, schema: { querystring: pageQuery, response: withErrors({ 200: blockedPage }) } },
    async (request) => blockedPeople(app.db, currentUser(request).id, request.query),
  );

  const userParams = z.object({ id: z.string() });
  const chatParams = z.object({ chatId: z.string() });
  for (const [method, blocked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/v1/users/:id/block',
      ...guarded,
      schema: { params: userParams, response: withErrors({ 200: done }, blockCodes) },
      handler: async (request) => {
        await setBlocked(app, currentUser(request), (request.params as { id: string }).id, blocked);
        return { ok: true as const };
      },
    });
    app.route({
      method,
      url: '/v1/chats/:chatId/block-media',
      ...guarded,
      schema: { params: chatParams, response: withErrors({ 200: done }, blockMediaCodes) },
      handler: async (request) => {
        await setMediaBlocked(
          app,
          currentUser(request),
          (request.params as { chatId: string }).chatId,
          blocked,
        );
        return { ok: true as const };
      },
    });
  }

  app.post(
    '/v1/users/:id/report',
    {
      ...guarded,
      schema: {
        params: userParams,
        body: reportBody,
        response: withErrors({ 200: z.object({ ok: z.literal(true), report_id: z.uuid() }) }, reportCodes),
      },
    },
    async (request) => ({
      ok: true as const,
      report_id: await report(deps, currentUser(request), request.params.id, request.body),
    }),
  );
};
