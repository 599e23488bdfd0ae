import * as z from 'zod/mini';
import { registryAction, registryCanary, remoteName, remoteVersion } from './registry';

// The release page (`/account/releases`) and its API, `/v1/admin/releases`, for release managers.

/** How one version fares in browsers, as `release status` prints it (server `release/health-rule.ts`). */
export const releaseVersionHealth = z.object({
  version: remoteVersion,
  sessions: z.int(),
  failed: z.int(),
  networks: z.int(),
  failedNetworks: z.int(),
  /** failed / sessions, 0 without sessions. */
  rate: z.number(),
});
export type ReleaseVersionHealth = z.infer<typeof releaseVersionHealth>;

/** One line of the release audit log (`DATA_DIR/mf/audit.log`). */
export const releaseAuditEntry = z.object({
  at: z.iso.datetime(),
  action: registryAction,
  remote: remoteName,
  from: z.nullable(remoteVersion),
  to: remoteVersion,
  by: z.string(),
  reason: z.optional(z.string()),
  percent: z.optional(z.int()),
});
export type ReleaseAuditEntry = z.infer<typeof releaseAuditEntry>;

const releaseStoredVersion = z.object({
  version: remoteVersion,
  publishedAt: z.iso.datetime(),
  /** Stored after the current version: one to publish or try as a canary, not to roll back to. */
  newer: z.boolean(),
});

/** One remote on the release page. */
export const releaseRemote = z.object({
  remote: remoteName,
  current: z.nullable(remoteVersion),
  /** The version a rollback without a target returns to: the one stored before `current`. */
  previous: z.nullable(remoteVersion),
  canary: z.nullable(registryCanary),
  /** Error rates of the current and canary versions (since the canary began). */
  health: z.array(releaseVersionHealth),
  /** Stored builds that are neither current nor the canary: what publish, canary and rollback can choose. */
  stored: z.array(releaseStoredVersion),
});
export type ReleaseRemote = z.infer<typeof releaseRemote>;

export const releasesResponse = z.object({
  remotes: z.array(releaseRemote),
  /** Recent release actions of every remote, newest first. */
  changes: z.array(releaseAuditEntry),
});
export type ReleasesResponse = z.infer<typeof releasesResponse>;

/** Every action asks why: the audit log keeps it beside who did it. */
export const releaseReason = z
  .string()
  .check(z.trim(), z.minLength(3, 'Say why, in a few words.'), z.maxLength(500));

export const releasePublishBody = z.object({ version: remoteVersion, reason: releaseReason });
export const releaseCanaryBody = z.object({
  version: remoteVersion,
  percent: z.int().check(z.gte(1), z.lte(99)),
  reason: releaseReason,
});
export const releasePromoteBody = z.object({ reason: releaseReason });
export const releaseRollbackBody = z.object({ to: z.optional(remoteVersion), reason: releaseReason });

/** What an action did: the CLI's answer (`--json`). */
export const releaseActionResult = z.object({
  remote: remoteName,
  action: registryAction,
  from: z.nullable(remoteVersion),
  to: remoteVersion,
  /** The canary's share after the change; null when every browser runs one version. */
  percent: z.nullable(z.int()),
  /** False when the registry already said so. */
  changed: z.boolean(),
});
export type ReleaseActionResult = z.infer<typeof releaseActionResult>;
