import {
  buyResponse,
  messageIdsQuery,
  messagesPage,
  messagesQuery,
  sendMessageBody,
  sendMessageResponse,
  tipBody,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireUser } from '../auth/guards';
import { listMessages, listMessagesCodes, messagesByIds, toDtos } from '../messages/list-messages';
import { buyMessage, buyMessageCodes } from '../messages/purchase';
import { deleteMessage, hideForMe, removeMessageCodes } from '../messages/remove';
import { sendMessage, sendMessageCodes } from '../messages/send-message';
import { tip, tipCodes } from '../messages/tip';
import { fail } from '../errors';
import { withErrors } from './with-errors';
import { assertRegionAllows, regionCodes } from '../region/guard';

const messageParams = z.object({ id: z.string() });
/** Message ids are whole numbers; anything else names no message. */
const messageId = (raw: string) => {
  if (!/^\d{1,15}$/.test(raw)) throw fail('not_found', 'Message');
  return Number(raw);
};

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };

  app.get(
    '/v1/chats/:chatId/messages',
    {
      ...guarded,
      schema: {
        params: z.object({ chatId: z.string() }),
        querystring: messagesQuery,
        response: withErrors({ 200: messagesPage }, [...listMessagesCodes, ...regionCodes]),
      },
    },
    async (request) => {
      await assertRegionAllows(app, request, { chat: request.params.chatId });
      return listMessages(app.media, request.params.chatId, currentUser(request).id, request.query);
    },
  );

  app.get(
    '/v1/messages',
    {
      ...guarded,
      schema: { querystring: messageIdsQuery, response: withErrors({ 200: messagesPage }) },
    },
    async (request) => {
      const ids = request.query.ids
        .split(',')
        .filter((s) => /^\d{1,15}$/.test(s))
        .map(Number)
        .slice(0, 100);
      return { data: await messagesByIds(app.media, currentUser(request).id, ids), next: null };
    },
  );

  for (const [url, warned] of [
    ['/v1/messages', false],
    ['/v1/messages/warned', true],
  ] as const) {
    app.post(
      url,
      {
        ...guarded,
        schema: {
          body: sendMessageBody,
          response: withErrors({ 200: sendMessageResponse }, [...sendMessageCodes, ...regionCodes]),
        },
      },
      async (request) => {
        const me = currentUser(request);
        await assertRegionAllows(app, request, request.body.recipient_id);
        const { message, credits } = await sendMessage(app, me, request.body, warned);
        const [data] = await toDtos(app.media, me.id, [message]);
        if (!data) throw new Error('sent message has no view');
        return { data, credits };
      },
    );
  }

  app.post(
    '/v1/messages/tip',
    {
      ...guarded,
      schema: {
        body: tipBody,
        response: withErrors({ 200: sendMessageResponse }, [...tipCodes, ...regionCodes]),
      },
    },
    async (request) => {
      const me = currentUser(request);
      await assertRegionAllows(app, request, { chat: request.body.chat_id });
      const { chat_id, amount, send_id, message } = request.body;
      return tip(app, me, chat_id, amount, send_id, { note: message });
    },
  );

  app.patch(
    '/v1/messages/:id/buy',
    {
      ...guarded,
      schema: {
        params: messageParams,
        response: withErrors({ 200: buyResponse }, [...buyMessageCodes, ...regionCodes]),
      },
    },
    async (request) => {
      const me = currentUser(request);
      const id = messageId(request.params.id);
      await assertRegionAllows(app, request, { message: id });
      return buyMessage(app, me, id);
    },
  );

  app.patch(
    '/v1/messages/:id/hide-for-me',
    {
      ...guarded,
      schema: { params: messageParams, response: withErrors({ 204: z.null() }, removeMessageCodes) },
    },
    async (request, reply) => {
      await hideForMe(app, currentUser(request), messageId(request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/v1/messages/:id',
    {
      ...guarded,
      schema: { params: messageParams, response: withErrors({ 204: z.null() }, removeMessageCodes) },
    },
    async (request, reply) => {
      await deleteMessage(app, currentUser(request), messageId(request.params.id));
      return reply.code(204).send(null);
    },
  );
};
