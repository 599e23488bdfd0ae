import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { requireUser } from '../auth/guards';
import { createLocalGifLibrary } from '../gifs/local-library';
import { withErrors } from './with-errors';

const gif = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
});

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
        response: withErrors({ 200: z.object({ data: z.array(gif) }) }, [401]),
      },
    },
    async (request) => ({ data: await provider.search(request.query.q, request.query.limit) }),
  );
};
