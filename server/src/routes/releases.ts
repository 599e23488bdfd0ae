import {
  releaseActionResult,
  releaseCanaryBody,
  releasePromoteBody,
  releasePublishBody,
  releaseRollbackBody,
  releasesResponse,
  remoteName,
  type ErrorCode,
  type RemoteName,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as z from '../zod';
import { currentUser, requireRole } from '../auth/guards';
import { fail } from '../errors';
import { repoRoot as workspaceRoot } from '../paths';
import {
  isReleaseRefusal,
  releaseOverview,
  runReleaseAction,
  type ReleaseAction,
} from '../release/release-page';
import { releasePaths } from '../release/paths';
import { watchReleases } from '../release/release-events';
import type { ReleaseContext } from '../release/releases';
import { withErrors } from './with-errors';

export interface ReleaseRoutesOptions {
  /** The workspace whose shell build the checks measure against (tests give a small one). */
  repoRoot?: string;
  smoke?: ReleaseContext['smoke'];
}

const actionCodes = ['release_refused'] as const satisfies readonly ErrorCode[];
const params = z.object({ remote: remoteName });

/**
 * The release page's API (docs/frontend-platform.md, "From the browser"): `release status` and the
 * release actions for release managers, through the CLI's own functions. Everyone else gets 401/403.
 */
export const releaseRoutes: FastifyPluginAsyncZod<ReleaseRoutesOptions> = async (app, opts) => {
  const onlyReleaseManagers = requireRole('release_manager');
  const context = (request?: FastifyRequest, reason?: string): ReleaseContext => ({
    dataDir: app.config.dataDir,
    repoRoot: opts.repoRoot ?? workspaceRoot,
    ...(opts.smoke ? { smoke: opts.smoke } : {}),
    ...(request
      ? { by: `web:${currentUser(request).email}`, reason, log: (line) => request.log.info(line) }
      : {}),
  });

  // Live release page: any change to the registry, from here, the CLI or an automatic rollback.
  const { auditFile } = releasePaths(app.config.dataDir, opts.repoRoot ?? workspaceRoot);
  const stopWatching = watchReleases({ db: app.db, realtime: app.realtime }, auditFile, (err) =>
    app.log.warn({ err }, 'could not announce a release change'),
  );
  app.addHook('onClose', async () => stopWatching());

  app.get(
    '/v1/admin/releases',
    { onRequest: onlyReleaseManagers, schema: { response: withErrors({ 200: releasesResponse }) } },
    async () => releaseOverview(app.db, context()),
  );

  /** Runs one action, answering a refusal with the check's or the registry's own words. */
  const act = async (request: FastifyRequest, remote: RemoteName, reason: string, action: ReleaseAction) => {
    try {
      const result = await runReleaseAction(context(request, reason), remote, action);
      request.log.info({ release: result, by: currentUser(request).id }, 'release action from the web');
      return result;
    } catch (err) {
      if (isReleaseRefusal(err)) throw fail('release_refused', err.message);
      throw err;
    }
  };
  const response = withErrors({ 200: releaseActionResult }, actionCodes);

  app.post(
    '/v1/admin/releases/:remote/publish',
    { onRequest: onlyReleaseManagers, schema: { params, body: releasePublishBody, response } },
    async (request) =>
      act(request, request.params.remote, request.body.reason, {
        type: 'publish',
        version: request.body.version,
      }),
  );
  app.post(
    '/v1/admin/releases/:remote/canary',
    { onRequest: onlyReleaseManagers, schema: { params, body: releaseCanaryBody, response } },
    async (request) => {
      const { version, percent, reason } = request.body;
      return act(request, request.params.remote, reason, { type: 'canary', version, percent });
    },
  );
  app.post(
    '/v1/admin/releases/:remote/promote',
    { onRequest: onlyReleaseManagers, schema: { params, body: releasePromoteBody, response } },
    async (request) => act(request, request.params.remote, request.body.reason, { type: 'promote' }),
  );
  app.post(
    '/v1/admin/releases/:remote/rollback',
    { onRequest: onlyReleaseManagers, schema: { params, body: releaseRollbackBody, response } },
    async (request) => {
      const { to, reason } = request.body;
      return act(request, request.params.remote, reason, { type: 'rollback', ...(to ? { to } : {}) });
    },
  );
};
