import {
  messagesPage,
  messagesQuery,
  pageQuery,
  supportChatsPage,
  supportReplyBody,
  supportReplyResponse,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { requireRole } from '../auth/guards';
import { listMessagesCodes } from '../messages/list-messages';
import { sendMessageCodes } from '../messages/send-message';
import { answerAsSupport, supportChats, supportThread } from '../support/staff-support';
import { withErrors } from './with-errors';

const chatParams = z.object({ id: z.string() });

/** Staff read and answer the support account's chats (docs/rules.md, Frozen accounts). */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = { onRequest: requireRole('staff') };

  app.get(
    '/v1/admin/support/chats',
    { ...staff, schema: { querystring: pageQuery, response: withErrors({ 200: supportChatsPage }) } },
    async (request) => supportChats(app.db, request.query),
  );

  app.get(
    '/v1/admin/support/chats/:id/messages',
    {
      ...staff,
      schema: {
        params: chatParams,
        querystring: messagesQuery,
        response: withErrors({ 200: messagesPage }, listMessagesCodes),
      },
    },
    async (request) => supportThread(app, request.params.id, request.query),
  );

  app.post(
    '/v1/admin/support/chats/:id/messages',
    {
      ...staff,
      schema: {
        params: chatParams,
        body: supportReplyBody,
        response: withErrors({ 200: supportReplyResponse }, [...listMessagesCodes, ...sendMessageCodes]),
      },
    },
    async (request) => answerAsSupport(app, request.params.id, request.body),
  );
};
