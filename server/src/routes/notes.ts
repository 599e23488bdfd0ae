import { note, noteBody, noteTextBody } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireUser } from '../auth/guards';
import { addNote, deleteNote, editNote, noteCodes, ownNoteCodes } from '../chats/notes';
import { withErrors } from './with-errors';

export const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };
  const params = z.object({ id: z.string() });
  app.post(
    '/v1/chats/note',
    {
      ...guarded,
      schema: { body: noteBody, response: withErrors({ 200: z.object({ data: note }) }, noteCodes) },
    },
    async (request) => ({
      data: await addNote(app.db, currentUser(request), request.body.id, request.body.note),
    }),
  );
  app.patch(
    '/v1/notes/:id',
    {
      ...guarded,
      schema: {
        params,
        body: noteTextBody,
        response: withErrors({ 200: z.object({ data: note }) }, ownNoteCodes),
      },
    },
    async (request) => ({
      data: await editNote(app.db, currentUser(request), request.params.id, request.body.text),
    }),
  );
  app.delete(
    '/v1/notes/:id',
    { ...guarded, schema: { params, response: withErrors({ 204: z.null() }, ownNoteCodes) } },
    async (request, reply) => {
      await deleteNote(app.db, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
