import * as z from 'zod/mini';
import { remoteName, remoteVersion } from './registry';

/** What the shell reports when a remote fails to load or throws while rendering (`POST /v1/client-errors`). */
export const clientErrorReport = z.object({
  remote: z.string().check(z.minLength(1), z.maxLength(64)),
  version: z.nullable(z.string().check(z.maxLength(128))),
  phase: z.enum(['load', 'render']),
  message: z.string().check(z.maxLength(2000)),
});
export type ClientErrorReport = z.infer<typeof clientErrorReport>;

/** What a browser saw of one remote version: it loaded, failed to load, crashed rendering, or threw later. */
export const releaseHealthKinds = ['load', 'load_failure', 'render_crash', 'client_error'] as const;
export const releaseHealthKind = z.enum(releaseHealthKinds);
export type ReleaseHealthKind = z.infer<typeof releaseHealthKind>;

/**
 * `POST /v1/release-health/session`: a release health session for this tab. The token is signed by the
 * server and carries a random session id, its issue time and a keyed hash of the visitor's network;
 * it names no user. Good for `expires_in` seconds.
 */
export const releaseHealthSession = z.object({
  token: z.string(),
  expires_in: z.int().check(z.positive()),
});

/** `POST /v1/release-health`: counts for the canary comparison, in the session `token` names. */
export const releaseHealthReport = z.object({
  token: z.string().check(z.maxLength(200)),
  remote: remoteName,
  version: remoteVersion,
  kind: releaseHealthKind,
});
export type ReleaseHealthReport = z.infer<typeof releaseHealthReport>;
