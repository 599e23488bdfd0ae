import {
  fanListBody,
  fanListEnvelope,
  fanListsResponse,
  fanProfileEnvelope,
  vipBody,
  vipResponse,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireUser } from '../auth/guards';
import { creatorChatCodes } from '../fans/creator-chat';
import { fanProfile } from '../fans/fan-profile';
import { createFanList, deleteFanList, fanListCodes, listFanLists, renameFanList } from '../fans/fan-lists';
import { addToList, removeFromList, setVip } from '../fans/list-members';
import { withErrors } from './with-errors';

/** Know your fan: the person in a creator's chat, her VIP choice and her named lists of fans. */
export const fanRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };
  const chatParams = z.object({ chatId: z.string() });
  const listParams = z.object({ id: z.string() });
  const memberParams = z.object({ id: z.string(), chatId: z.string() });
  const noContent = withErrors({ 204: z.null() }, creatorChatCodes);

  app.get(
    '/v1/chats/:chatId/fan',
    {
      ...guarded,
      schema: { params: chatParams, response: withErrors({ 200: fanProfileEnvelope }, creatorChatCodes) },
    },
    async (request) => ({ data: await fanProfile(app.db, currentUser(request), request.params.chatId) }),
  );
  app.put(
    '/v1/chats/:chatId/vip',
    {
      ...guarded,
      schema: {
        params: chatParams,
        body: vipBody,
        response: withErrors({ 200: vipResponse }, creatorChatCodes),
      },
    },
    (request) => setVip(app.db, currentUser(request), request.params.chatId, request.body.vip),
  );

  app.get(
    '/v1/fan-lists',
    { ...guarded, schema: { response: withErrors({ 200: fanListsResponse }, ['forbidden']) } },
    async (request) => ({ data: await listFanLists(app.db, currentUser(request)) }),
  );
  app.post(
    '/v1/fan-lists',
    {
      ...guarded,
      schema: { body: fanListBody, response: withErrors({ 201: fanListEnvelope }, fanListCodes) },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createFanList(app.db, currentUser(request), request.body.name) }),
  );
  app.patch(
    '/v1/fan-lists/:id',
    {
      ...guarded,
      schema: {
        params: listParams,
        body: fanListBody,
        response: withErrors({ 200: fanListEnvelope }, fanListCodes),
      },
    },
    async (request) => ({
      data: await renameFanList(app.db, currentUser(request), request.params.id, request.body.name),
    }),
  );
  app.delete(
    '/v1/fan-lists/:id',
    { ...guarded, schema: { params: listParams, response: noContent } },
    async (request, reply) => {
      await deleteFanList(app.db, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.put(
    '/v1/fan-lists/:id/chats/:chatId',
    { ...guarded, schema: { params: memberParams, response: noContent } },
    async (request, reply) => {
      await addToList(app.db, currentUser(request), request.params.id, request.params.chatId);
      return reply.code(204).send(null);
    },
  );
  app.delete(
    '/v1/fan-lists/:id/chats/:chatId',
    { ...guarded, schema: { params: memberParams, response: noContent } },
    async (request, reply) => {
      await removeFromList(app.db, currentUser(request), request.params.id, request.params.chatId);
      return reply.code(204).send(null);
    },
  );
};
