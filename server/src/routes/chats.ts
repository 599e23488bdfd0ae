import {
  changeRateBody,
  chatQuery,
  chatResponse,
  chatsQuery,
  chatsResponse,
  chatTotals,
  createChatBody,
  patchChatsBody,
  patchChatsResponse,
  reportBody,
} from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { currentUser, requireRole, requireUser } from '../auth/guards';
import { bulkUpdate } from '../chats/bulk-update';
import { toChatUser } from '../chats/chat-dto';
import { changeRate, report, setBlocked, setMediaBlocked } from '../chats/chat-settings';
import { chatBetween, chatDtos, chatNotFound } from '../chats/chat-store';
import { chatTotals as totalsOf } from '../chats/chat-totals';
import { listChats } from '../chats/list-chats';
import { openChat, otherUser } from '../chats/open-chat';
import { fanOf, isGone } from '../chats/pair-rules';
import { chatMembers, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { assertRegionAllows } from '../region/guard';
import { withErrors } from './with-errors';

const done = z.object({ ok: z.literal(true) });

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };

  app.get(
    '/v1/chats',
    { ...guarded, schema: { querystring: chatsQuery, response: withErrors({ 200: chatsResponse }, [401]) } },
    async (request) => listChats(app.db, currentUser(request).id, request.query, '/v1/chats'),
  );

  app.get(
    '/v1/chats/total',
    { onRequest: requireRole('featured'), schema: { response: withErrors({ 200: chatTotals }, [401, 403]) } },
    async (request) => totalsOf(app.db, currentUser(request).id),
  );

  /**
   * The chat with one person, put back on the caller's list. A fan opening it is the welcome trigger
   * (docs/rules.md, "Auto-messages"): whoever made the chat, a fan who has not written in it yet is
   * greeted, once.
   */
  const chatWith = async (me: UserRow, otherId: string) => {
    const other = await otherUser(app.db, otherId);
    const chat = await chatBetween(app.db, me.id, other.id);
    if (!chat) throw chatNotFound();
    if (isGone(other)) throw fail('gone');
    const [member] = await app.db
      .update(chatMembers)
      .set({ listed: true, hidden: false })
      .where(and(eq(chatMembers.chatId, chat.id), eq(chatMembers.userId, me.id)))
      .returning();
    if (!member) throw chatNotFound();
    const {
      data: [data],
    } = await chatDtos(app.db, me.id, [member]);
    if (!data) throw chatNotFound();
    if (fanOf(me, other)?.id === me.id) await app.autoMessages.opened(other.id, me.id, chat.id);
    return { data, user: toChatUser(other) };
  };

  app.get(
    '/v1/chat',
    {
      ...guarded,
      schema: { querystring: chatQuery, response: withErrors({ 200: chatResponse }, [401, 410, 451]) },
    },
    async (request) => {
      await assertRegionAllows(app, request, request.query.recipient_id);
      return chatWith(currentUser(request), request.query.recipient_id);
    },
  );

  app.post(
    '/v1/chat',
    {
      ...guarded,
      schema: { body: createChatBody, response: withErrors({ 200: chatResponse }, [401, 410, 451]) },
    },
    async (request) => {
      const me = currentUser(request);
      await assertRegionAllows(app, request, request.body.recipient_id);
      const other = await otherUser(app.db, request.body.recipient_id);
      await openChat(app.db, me, other);
      return chatWith(me, request.body.recipient_id);
    },
  );

  app.patch(
    '/v1/chats',
    {
      ...guarded,
      schema: { body: patchChatsBody, response: withErrors({ 200: patchChatsResponse }, [401]) },
    },
    async (request) => {
      const { action, ids, except_ids, type } = request.body;
      return bulkUpdate(app, currentUser(request).id, action, { ids, exceptIds: except_ids, type });
    },
  );

  app.post(
    '/v1/chats/change-rate',
    { ...guarded, schema: { body: changeRateBody, response: withErrors({ 200: done }, [401]) } },
    async (request) => {
      await changeRate(app, currentUser(request), request.body.chat_id, request.body.rate);
      return { ok: true as const };
    },
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
      schema: { params: userParams, response: withErrors({ 200: done }, [401, 404]) },
      handler: async (request) => {
        await setBlocked(app.db, currentUser(request), (request.params as { id: string }).id, blocked);
        return { ok: true as const };
      },
    });
    app.route({
      method,
      url: '/v1/chats/:chatId/block-media',
      ...guarded,
      schema: { params: chatParams, response: withErrors({ 200: done }, [401, 404]) },
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
      schema: { params: userParams, body: reportBody, response: withErrors({ 200: done }, [401, 404]) },
    },
    async (request) => {
      await report(app.db, currentUser(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );
};
