import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { AdminCommandError, isAdminCommand, runAdminCommand } from '../admin/commands';
import { AppError, forbidden } from '../errors';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const body = z.object({
  actor: z.string().min(1).max(200),
  command: z.string().refine(isAdminCommand, 'is not an admin command'),
  email: z.string().min(3).max(254),
  args: z.array(z.string().max(100)).max(5),
});

/**
 * The admin CLI's way in while the server runs (PGlite allows one process per data folder). Only
 * this machine may call it, and only with the secret the server wrote to DATA_DIR/server.json.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/internal/admin',
    { schema: { body, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      const given = Buffer.from(String(request.headers['x-admin-secret'] ?? ''));
      const secret = Buffer.from(app.adminSecret);
      const remote = request.socket.remoteAddress ?? '';
      if (!loopback.has(remote) || given.length !== secret.length || !timingSafeEqual(given, secret))
        throw forbidden();
      const { actor, command, email, args } = request.body;
      if (!isAdminCommand(command)) throw forbidden();
      try {
        const message = await runAdminCommand(app.db, app.realtime, { actor, command, email, args });
        request.log.info({ actor, command, email, args }, 'admin command');
        return { message };
      } catch (err) {
        if (err instanceof AdminCommandError) throw new AppError(400, err.message, 'admin_command');
        throw err;
      }
    },
  );
};
