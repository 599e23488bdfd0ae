import { releaseHealthReport } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { repoRoot } from '../paths';
import { checkCanary } from '../release/auto-rollback';
import { recordHealth } from '../release/health-store';
import { withErrors } from './with-errors';

/** A page sends each (remote, version, kind) once, so this is many pages' worth from one address. */
const reportsPerMinute = 60;

/**
 * How each remote version fares in browsers (docs/frontend-platform.md, "Canary"): counted per page
 * session, and a failure of a running canary checks at once whether it must be rolled back.
 */
export const releaseHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/release-health',
    {
      config: { rateLimit: { max: reportsPerMinute, timeWindow: '1 minute' } },
      schema: { body: releaseHealthReport, response: withErrors({ 204: z.null() }) },
    },
    async (request, reply) => {
      const report = request.body;
      await recordHealth(app.db, report);
      if (report.kind !== 'load') {
        const rolledBack = await checkCanary(
          { db: app.db, dataDir: app.config.dataDir, repoRoot },
          report.remote,
          report.version,
        );
        if (rolledBack) request.log.warn({ release: rolledBack }, 'canary rolled back automatically');
      }
      return reply.code(204).send(null);
    },
  );
};
