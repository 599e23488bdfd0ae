import * as z from 'zod';
import { remoteName, remoteVersion } from './registry';

/** What the shell reports when a remote fails to load or throws while rendering (`POST /v1/client-errors`). */
export const clientErrorReport = z.object({
  remote: z.string().min(1).max(64),
  version: z.string().max(128).nullable(),
  phase: z.enum(['load', 'render']),
  message: z.string().max(2000),
});
export type ClientErrorReport = z.infer<typeof clientErrorReport>;

/** What a browser saw of one remote version: it loaded, failed to load, crashed rendering, or threw later. */
export const releaseHealthKinds = ['load', 'load_failure', 'render_crash', 'client_error'] as const;
export const releaseHealthKind = z.enum(releaseHealthKinds);
export type ReleaseHealthKind = z.infer<typeof releaseHealthKind>;

/**
 * `POST /v1/release-health`: counts for the canary comparison. `session` is a random id the tab keeps
 * (sessionStorage), not the browser's canary id and not the user: the server stores no personal data.
 */
export const releaseHealthReport = z.object({
  session: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  remote: remoteName,
  version: remoteVersion,
  kind: releaseHealthKind,
});
export type ReleaseHealthReport = z.infer<typeof releaseHealthReport>;
