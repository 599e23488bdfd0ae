import * as z from 'zod';

/** The parts of the site that ship on their own. Each is a federated container named `cove_<remote>`. */
export const remoteNames = ['chat', 'discover', 'account', 'payouts'] as const;
export const remoteName = z.enum(remoteNames);
export type RemoteName = z.infer<typeof remoteName>;

/** `20260101T120000Z-1a2b3c4d`: when it was published, then a hash of the build's files. */
export const remoteVersion = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,128}$/, 'a version is letters, digits, . _ -');

export const publishedVersion = z.object({
  version: remoteVersion,
  publishedAt: z.iso.datetime(),
  /** sha256 of the build's files, so the same build is never stored twice. */
  contentHash: z.string(),
});
export type PublishedVersion = z.infer<typeof publishedVersion>;

export const registryChange = z.object({
  at: z.iso.datetime(),
  action: z.enum(['publish', 'rollback']),
  from: remoteVersion.nullable(),
  to: remoteVersion,
});
export type RegistryChange = z.infer<typeof registryChange>;

export const registryRemote = z.object({
  current: remoteVersion.nullable(),
  /** Every version ever stored for this remote, oldest first; their folders are never changed. */
  versions: z.array(publishedVersion),
  /** Every move of `current`, oldest first. */
  history: z.array(registryChange),
});
export type RegistryRemote = z.infer<typeof registryRemote>;

/** `/mf/registry.json`: which version of each remote the site runs. The release CLI is its one writer. */
export const registry = z.object({
  schemaVersion: z.literal(1),
  updatedAt: z.iso.datetime().nullable(),
  remotes: z.partialRecord(remoteName, registryRemote),
});
export type Registry = z.infer<typeof registry>;

export const registryPath = '/mf/registry.json';

/** Where a remote version's manifest is served; the folder holds the whole build. */
export function manifestUrl(remote: RemoteName, version: string): string {
  return `/mf/${remote}/${version}/mf-manifest.json`;
}

export function emptyRegistry(): Registry {
  return { schemaVersion: 1, updatedAt: null, remotes: {} };
}
