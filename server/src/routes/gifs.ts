import { join } from 'node:path';
import { gifsResponse } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { requireUser } from '../auth/guards';
import { createLocalGifLibrary } from '../gifs/local-library';
import { withErrors } from './with-errors';

export const gifRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = createLocalGifLibrary(join(app.config.dataDir, 'media'));
  app.get(
    '/v1/gifs',
    {
      onRequest: requireUser,
      schema: {
        querystring: z.object({
          q: z.string().max(50).default(''),
          limit: z.coerce.number().int().min(1).max(50).default(20),
        }),
        response: withErrors({ 200: gifsResponse }),
      },
    },
    async (request) => ({ data: await provider.search(request.query.q, request.query.limit) }),
  );
};
