import type { ErrorCode } from '@cove/contracts';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fail } from '../errors';

/** What the admin guard refuses with: the caller is not the admin CLI on this machine. */
export const onlyAdminCodes = ['forbidden'] as const satisfies readonly ErrorCode[];

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The guard of the routes only the admin CLI calls: from this machine, with the secret the server
 * wrote to DATA_DIR/server.json (compared in constant time).
 */
export const onlyAdmin = (adminSecret: string) => async (request: FastifyRequest) => {
  const given = Buffer.from(String(request.headers['x-admin-secret'] ?? ''));
  const secret = Buffer.from(adminSecret);
  const remote = request.socket.remoteAddress ?? '';
  if (!loopback.has(remote) || given.length !== secret.length || !timingSafeEqual(given, secret))
    throw fail('forbidden');
};
