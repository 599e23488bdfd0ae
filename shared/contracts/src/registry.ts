import * as z from 'zod/mini';

/** The parts of the site that ship on their own. Each is a federated container (`containerName`). */
export const remoteNames = ['chat', 'discover', 'account', 'payouts'] as const;
export const remoteName = z.enum(remoteNames);
export type RemoteName = z.infer<typeof remoteName>;

/** A remote's federated container name: its build declares it, the shell loads it and a release checks it. */
export const containerName = (remote: RemoteName) => `cove_${remote}`;

/** `20260101T120000Z-1a2b3c4d`: when it was published, then a hash of the build's files. */
export const remoteVersion = z
  .string()
  .check(z.regex(/^[A-Za-z0-9._-]{1,128}$/, 'a version is letters, digits, . _ -'));

export const publishedVersion = z.object({
  version: remoteVersion,
  publishedAt: z.iso.datetime(),
  /** sha256 of the build's files, so the same build is never stored twice. */
  contentHash: z.string(),
});
export type PublishedVersion = z.infer<typeof publishedVersion>;

/**
 * publish and rollback move `current`; canary starts one, promote makes it current, canary-end ends it
 * (by `release rollback`, or `auto-rollback` when the server saw it fail more than stable).
 */
export const registryAction = z.enum([
  'publish',
  'rollback',
  'canary',
  'promote',
  'canary-end',
  'auto-rollback',
]);
export type RegistryAction = z.infer<typeof registryAction>;

export const registryChange = z.object({
  at: z.iso.datetime(),
  action: registryAction,
  from: z.nullable(remoteVersion),
  to: remoteVersion,
});
export type RegistryChange = z.infer<typeof registryChange>;

/** A version served to a share of browsers beside the stable `current` (docs/frontend-platform.md, Canary). */
export const registryCanary = z.object({
  version: remoteVersion,
  /** 1–99: the browsers whose bucket (`canaryBucket`) is below it run the canary. */
  percent: z.int().check(z.gte(1), z.lte(99)),
  startedAt: z.iso.datetime(),
});
export type RegistryCanary = z.infer<typeof registryCanary>;

export const registryRemote = z.object({
  current: z.nullable(remoteVersion),
  /** Absent or null when every browser runs `current`. */
  canary: z.nullish(registryCanary),
  /** Every version ever stored for this remote, oldest first; their folders are never changed. */
  versions: z.array(publishedVersion),
  /** Every move of `current`, oldest first. */
  history: z.array(registryChange),
});
export type RegistryRemote = z.infer<typeof registryRemote>;

/** `/mf/registry.json`: which version of each remote the site runs. The release CLI is its one writer. */
export const registry = z.object({
  schemaVersion: z.literal(1),
  updatedAt: z.nullable(z.iso.datetime()),
  remotes: z.partialRecord(remoteName, registryRemote),
});
export type Registry = z.infer<typeof registry>;

export const registryPath = '/mf/registry.json';

/** Where a remote version's manifest is served; the folder holds the whole build. */
export function manifestUrl(remote: RemoteName, version: string): string {
  return `/mf/${remote}/${version}/mf-manifest.json`;
}

/**
 * A browser's bucket (0–99) for one remote: FNV-1a over `<browserId>:<remote>`, so the same browser
 * always lands in the same bucket, and its buckets for different remotes are unrelated.
 */
export function canaryBucket(browserId: string, remote: RemoteName): number {
  let hash = 0x811c9dc5;
  for (const ch of `${browserId}:${remote}`) {
    hash ^= ch.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** The version one browser runs: the canary when its bucket is below the canary's share, else `current`. */
export function versionFor(entry: RegistryRemote, remote: RemoteName, browserId: string): string | null {
  const canary = entry.canary;
  if (canary && canaryBucket(browserId, remote) < canary.percent) return canary.version;
  return entry.current;
}

export function emptyRegistry(): Registry {
  return { schemaVersion: 1, updatedAt: null, remotes: {} };
}

/**
 * `npm run dev -- <remote>`: a page opened with `?cove-dev=<remote>@<manifest URL>` runs that remote from
 * a developer's machine, in that tab only, when the server answers here (ALLOW_DEV_REMOTES, on outside
 * production). In production the route does not exist, so the shell ignores the override.
 */
export const devRemotesPath = '/dev/remotes';
export const devRemotesAnswer = z.object({ allowed: z.literal(true) });
