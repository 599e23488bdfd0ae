import { autoMessageCategoryResponse, autoMessagesResponse, putAutoMessagesBody } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../auth/guards';
import { autoMessageSettingsCodes, listAutoMessages, putAutoMessages } from '../auto-messages/settings';
import { withErrors } from './with-errors';

/** A creator's auto-messages: every category, and one category replaced or cleared. */
export const autoMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };
  const deps = { db: app.db, signer: app.media.signer };

  app.get(
    '/v1/auto-messages',
    { ...guarded, schema: { response: withErrors({ 200: autoMessagesResponse }, autoMessageSettingsCodes) } },
    async (request) => ({ data: await listAutoMessages(deps, currentUser(request)) }),
  );

  app.put(
    '/v1/auto-messages',
    {
      ...guarded,
      schema: {
        body: putAutoMessagesBody,
        response: withErrors({ 200: autoMessageCategoryResponse }, autoMessageSettingsCodes),
      },
    },
    async (request) => ({ data: await putAutoMessages(deps, currentUser(request), request.body) }),
  );
};
