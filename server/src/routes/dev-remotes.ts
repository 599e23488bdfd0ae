import { devRemotesAnswer, devRemotesPath } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withErrors } from './with-errors';

/**
 * Tells the shell it may run a remote from a developer's dev server (`?cove-dev=`). Absent unless
 * ALLOW_DEV_REMOTES (default: outside production), so a production page never loads foreign code.
 */
export const devRemotesRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.devRemotes) return;
  app.get(
    devRemotesPath,
    { schema: { response: withErrors({ 200: devRemotesAnswer }) } },
    (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { allowed: true as const };
    },
  );
};
