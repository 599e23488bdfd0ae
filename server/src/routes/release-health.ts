import { releaseHealthReport, releaseHealthSession } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { dataDirSecret } from '../data-dir-secret';
import { fail } from '../errors';
import { repoRoot } from '../paths';
import { checkCanary } from '../release/auto-rollback';
import { networkOf } from '../release/health-network';
import { recordHealth } from '../release/health-store';
import { healthTokens, healthTokenTtlSeconds } from '../release/health-token';
import { withErrors } from './with-errors';

/** A page sends each (remote, version, kind) once, so this is many pages' worth from one address. */
const reportsPerMinute = 60;
/**
 * Sessions one network may start in an hour: more than its tabs need (one per tab and hour), while only
 * `sessionsPerNetwork` of them count per version anyway.
 */
const sessionsPerNetworkHour = 30;

/**
 * How each remote version fares in browsers (docs/frontend-platform.md, "Canary"): a tab first gets a
 * signed session, then reports in it. A session's first report of a failure of a running canary
 * checks at once whether it must be rolled back; its repeats only raise a count, and are not checked.
 */
export const releaseHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokens = healthTokens(
    dataDirSecret(app.config.dataDir, 'release-health-secret', app.config.releaseHealthSecret),
  );

  app.post(
    '/v1/release-health/session',
    {
      config: {
        rateLimit: {
          max: sessionsPerNetworkHour,
          timeWindow: '1 hour',
          keyGenerator: (request) => `release-health-session:${networkOf(request.ip)}`,
        },
      },
      schema: { response: withErrors({ 200: releaseHealthSession }) },
    },
    async (request) => ({ token: tokens.issue(request.ip), expires_in: healthTokenTtlSeconds }),
  );

  app.post(
    '/v1/release-health',
    {
      config: { rateLimit: { max: reportsPerMinute, timeWindow: '1 minute' } },
      schema: { body: releaseHealthReport, response: withErrors({ 204: z.null() }) },
    },
    async (request, reply) => {
      const { token, remote, version, kind } = request.body;
      const sender = tokens.verify(token);
      if (!sender) throw fail('health_token');
      const first = await recordHealth(app.db, { ...sender, remote, version, kind });
      if (first && kind !== 'load') {
        const rolledBack = await checkCanary(
          { db: app.db, dataDir: app.config.dataDir, repoRoot },
          remote,
          version,
        );
        if (rolledBack) request.log.warn({ release: rolledBack }, 'canary rolled back automatically');
      }
      return reply.code(204).send(null);
    },
  );
};
