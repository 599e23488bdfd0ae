import { join } from 'node:path';
import { gifsResponse } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
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
          q: z._default(z.string().check(z.maxLength(50)), ''),
          limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), 20),
        }),
        response: withErrors({ 200: gifsResponse }),
      },
    },
    async (request) => ({ data: await provider.search(request.query.q, request.query.limit) }),
  );
};
