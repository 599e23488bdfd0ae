import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  containerName,
  remoteNames,
  type Registry,
  type RegistryCanary,
  type RegistryRemote,
  type RemoteName,
} from '@cove/contracts';
import { appendAudit, readAudit, type AuditEntry } from './audit';
import { buildRemote } from './build-remote';
import { endCanary, promote as promoteCanary, startCanary, type CanaryResult } from './canary';
import { sharedProblems } from './compat';
import { contentHash, versionName } from './content';
import { withFileLock } from './lock';
import { readManifest, readRemoteManifest } from './manifest';
import { releasePaths, type ReleasePaths } from './paths';
import { preflight, type PreflightOptions } from './preflight';
import { auditSource, entryOf, ReleaseError } from './registry-entry';
import { readRegistry, writeRegistry } from './registry-store';

export { ReleaseError };

export interface ReleaseContext {
  dataDir: string;
  repoRoot: string;
  now?: () => Date;
  log?: (line: string) => void;
  /** Who the audit log names (default: the OS user); the release page sends `web:<email>`. */
  by?: string;
  /** Why, in the audit log: the release page requires one, the CLI takes `--reason`. */
  reason?: string;
  /** The publish checks' smoke test (default: headless Chromium, `smoke-test.ts`). */
  smoke?: PreflightOptions['smoke'];
}

export interface ReleaseResult {
  remote: RemoteName;
  from: string | null;
  to: string;
  /** False when the registry already pointed there. */
  changed: boolean;
}

/** Refuses a build whose manifest is missing or whose shared singletons do not fit the shell's. */
async function checkBuild(paths: ReleasePaths, remote: RemoteName, dir: string): Promise<void> {
  const manifest = await readRemoteManifest(dir, containerName(remote)).catch((err: Error) => {
    throw new ReleaseError(`${remote}: ${err.message}`);
  });
  const shell = await readManifest(paths.shellManifest).catch(() => {
    throw new ReleaseError(
      `The shell's manifest (${paths.shellManifest}) is missing: build the shell first.`,
    );
  });
  const problems = sharedProblems(shell.shared, manifest.shared);
  if (problems.length > 0) {
    throw new ReleaseError(
      `${remote} does not fit the shell's shared singletons:\n  - ${problems.join('\n  - ')}`,
    );
  }
}

/** Moves the registry's pointer for one remote, under the lock, and records the change. */
async function pointTo(
  ctx: ReleaseContext,
  paths: ReleasePaths,
  remote: RemoteName,
  action: 'publish' | 'rollback',
  change: (entry: RegistryRemote) => { to: string; added?: RegistryRemote['versions'][number] },
): Promise<ReleaseResult> {
  const now = ctx.now ?? (() => new Date());
  return withFileLock(paths.lockFile, async () => {
    const reg = await readRegistry(paths.registryFile);
    const entry = entryOf(reg, remote);
    if (entry.canary) {
      throw new ReleaseError(
        `${remote} has a canary running (${entry.canary.version}): promote it or roll it back first.`,
      );
    }
    const { to, added } = change(entry);
    const from = entry.current;
    const versions =
      added && !entry.versions.some((v) => v.version === added.version)
        ? [...entry.versions, added]
        : entry.versions;
    if (from === to && versions === entry.versions) return { remote, from, to, changed: false };
    const at = now().toISOString();
    const next: Registry = {
      ...reg,
      updatedAt: at,
      remotes: {
        ...reg.remotes,
        [remote]: {
          ...entry,
          current: to,
          versions,
          history: from === to ? entry.history : [...entry.history, { at, action, from, to }],
        },
      },
    };
    await writeRegistry(paths.registryFile, next);
    if (from !== to)
      await appendAudit(paths.auditFile, { at, action, remote, from, to, ...auditSource(ctx) });
    return { remote, from, to, changed: from !== to };
  });
}

/**
 * Stores a finished build of `remote` as a new immutable version (or finds the identical one already
 * stored) and points the registry at it, or with `canary` serves it to that share of browsers.
 */
export async function publishFromDir(
  ctx: ReleaseContext,
  remote: RemoteName,
  dir: string,
): Promise<ReleaseResult>;
export async function publishFromDir(
  ctx: ReleaseContext,
  remote: RemoteName,
  dir: string,
  canary: number,
): Promise<CanaryResult>;
export async function publishFromDir(
  ctx: ReleaseContext,
  remote: RemoteName,
  dir: string,
  canary?: number,
): Promise<ReleaseResult | CanaryResult> {
  const paths = releasePaths(ctx.dataDir, ctx.repoRoot);
  await checkBuild(paths, remote, dir);
  const hash = await contentHash(dir);
  const known = entryOf(await readRegistry(paths.registryFile), remote).versions.find(
    (v) => v.contentHash === hash,
  );
  let version = known?.version;
  const publishedAt = (ctx.now ?? (() => new Date()))();
  if (!version) {
    version = versionName(publishedAt, hash);
    const target = paths.versionDir(remote, version);
    if (!(await stat(target).catch(() => null))) {
      // Copy aside, then rename into place: a version folder is either complete or absent.
      const tmp = join(paths.stagingDir, `copy-${randomUUID()}`);
      await cp(dir, tmp, { recursive: true, filter: (src) => !src.endsWith('.cove-build-stamp') });
      await mkdir(join(paths.mfDir, remote), { recursive: true });
      await rename(tmp, target);
    }
  }
  const to = version;
  const added = { version: to, publishedAt: publishedAt.toISOString(), contentHash: hash };
  if (canary !== undefined) return startCanary(ctx, paths, remote, added, canary);
  return pointTo(ctx, paths, remote, 'publish', () => ({ to, added }));
}

export interface PublishOptions {
  /** False: store `remotes/<remote>/dist` (or `dir`) as it is. */
  build?: boolean;
  /** A finished build to store instead of building (`--dir`). */
  dir?: string;
  /** Serve the version to this share of browsers (1–99) beside the current one. */
  canary?: number;
  /** False (`--skip-checks`): no budget or smoke test (preflight.ts); ./App and the singletons are still checked. */
  checks?: boolean;
}

/** `release publish <remote>`: builds it, stores the version and points the registry at it. */
export async function publish(
  ctx: ReleaseContext,
  remote: RemoteName,
  opts: PublishOptions = {},
): Promise<ReleaseResult | CanaryResult> {
  const paths = releasePaths(ctx.dataDir, ctx.repoRoot);
  const from = async (dir: string) => {
    // The publish checks (./App, first-visit budget, smoke test) run before the registry may move.
    if (opts.checks !== false)
      await preflight(ctx.repoRoot, remote, dir, ctx.smoke ? { smoke: ctx.smoke } : {});
    return opts.canary === undefined
      ? publishFromDir(ctx, remote, dir)
      : publishFromDir(ctx, remote, dir, opts.canary);
  };
  if (opts.dir !== undefined) return from(opts.dir);
  if (opts.build === false) return from(paths.remoteDist(remote));
  const out = join(paths.stagingDir, `build-${remote}-${randomUUID()}`);
  await mkdir(paths.stagingDir, { recursive: true });
  try {
    ctx.log?.(`Building ${remote}…`);
    await buildRemote(ctx.repoRoot, remote, out);
    return await from(out);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/**
 * `release rollback <remote> [--to <version>]`: ends a running canary (every browser back on the
 * current version); otherwise points the registry back at a stored version, by default the one
 * published before the current one. Nothing is rebuilt.
 */
export async function rollback(
  ctx: ReleaseContext,
  remote: RemoteName,
  to?: string,
): Promise<ReleaseResult | CanaryResult> {
  const paths = releasePaths(ctx.dataDir, ctx.repoRoot);
  const entry = entryOf(await readRegistry(paths.registryFile), remote);
  if (entry.canary && to === undefined) return endCanary(ctx, paths, remote, { action: 'canary-end' });
  if (!entry.current) throw new ReleaseError(`${remote} has never been released.`);
  const target = to ?? previousVersion(entry);
  if (!target) throw new ReleaseError(`${remote} has no version older than ${entry.current}.`);
  if (!entry.versions.some((v) => v.version === target)) {
    throw new ReleaseError(`${remote} has no stored version ${target}. Run "release status" to list them.`);
  }
  await checkBuild(paths, remote, paths.versionDir(remote, target));
  const chosen = target;
  return pointTo(ctx, paths, remote, 'rollback', (latest) => {
    if (!latest.versions.some((v) => v.version === chosen))
      throw new ReleaseError(`${remote}@${chosen} vanished.`);
    return { to: chosen };
  });
}

/** The version a rollback without `--to` returns to: the one stored just before the current one. */
function previousVersion(entry: RegistryRemote): string | null {
  const index = entry.versions.findIndex((v) => v.version === entry.current);
  return (index > 0 ? entry.versions[index - 1]?.version : undefined) ?? null;
}

/**
 * The folder of a stored version that is not the current one, to publish again (the release page's
 * publish and canary, which go through `publish` with it as `dir`, checks and all).
 */
export async function storedBuild(ctx: ReleaseContext, remote: RemoteName, version: string): Promise<string> {
  const paths = releasePaths(ctx.dataDir, ctx.repoRoot);
  const entry = entryOf(await readRegistry(paths.registryFile), remote);
  if (!entry.versions.some((v) => v.version === version)) {
    throw new ReleaseError(`${remote} has no stored version ${version}. Run "release status" to list them.`);
  }
  if (entry.current === version) throw new ReleaseError(`${remote} already runs ${version}.`);
  return paths.versionDir(remote, version);
}

/** `release promote <remote>`: the running canary becomes the version every browser runs. */
export function promote(ctx: ReleaseContext, remote: RemoteName): Promise<CanaryResult> {
  return promoteCanary(ctx, releasePaths(ctx.dataDir, ctx.repoRoot), remote);
}

/** The last `count` audit entries of each remote, oldest first. */
export async function recentChanges(
  ctx: ReleaseContext,
  count: number,
): Promise<Partial<Record<RemoteName, AuditEntry[]>>> {
  const entries = await readAudit(releasePaths(ctx.dataDir, ctx.repoRoot).auditFile);
  const byRemote: Partial<Record<RemoteName, AuditEntry[]>> = {};
  for (const remote of remoteNames) {
    const own = entries.filter((e) => e.remote === remote);
    if (own.length > 0) byRemote[remote] = own.slice(-count);
  }
  return byRemote;
}

export interface RemoteStatus {
  remote: RemoteName;
  current: string | null;
  publishedAt: string | null;
  canary: RegistryCanary | null;
  versions: string[];
  /** Where `rollback` without `--to` goes. */
  previous: string | null;
  /** Stored versions that are neither current nor the canary, oldest first; `newer`: stored after current. */
  stored: { version: string; publishedAt: string; newer: boolean }[];
  lastChange: { at: string; action: string; from: string | null; to: string } | null;
}

export async function status(ctx: ReleaseContext): Promise<RemoteStatus[]> {
  const paths = releasePaths(ctx.dataDir, ctx.repoRoot);
  const reg = await readRegistry(paths.registryFile);
  return remoteNames.map((remote) => {
    const entry = entryOf(reg, remote);
    const currentAt = entry.versions.findIndex((v) => v.version === entry.current);
    return {
      remote,
      current: entry.current,
      publishedAt: entry.versions.find((v) => v.version === entry.current)?.publishedAt ?? null,
      canary: entry.canary ?? null,
      versions: entry.versions.map((v) => v.version),
      previous: previousVersion(entry),
      stored: entry.versions
        .map(({ version, publishedAt }, i) => ({ version, publishedAt, newer: i > currentAt }))
        .filter((v) => v.version !== entry.current && v.version !== entry.canary?.version),
      lastChange: entry.history[entry.history.length - 1] ?? null,
    };
  });
}

/**
 * At server start: every remote that has no current version is published from its existing build in
 * `remotes/<remote>/dist` (nothing is built). With `adoptNewBuilds` (outside production), a build never
 * published before also becomes current, so a checkout that pulled and rebuilt serves what it built;
 * a build already published (one rolled back from, say) is left alone. A remote without a usable
 * build is reported and skipped.
 */
export async function ensureRemotesPublished(
  dataDir: string,
  repoRoot: string,
  log: (line: string) => void = (line) => console.warn(line),
  { adoptNewBuilds = false }: { adoptNewBuilds?: boolean } = {},
): Promise<ReleaseResult[]> {
  const ctx: ReleaseContext = { dataDir, repoRoot, log };
  const paths = releasePaths(dataDir, repoRoot);
  const reg = await readRegistry(paths.registryFile);
  const results: ReleaseResult[] = [];
  for (const remote of remoteNames) {
    const entry = reg.remotes[remote];
    if (entry?.current && !(adoptNewBuilds && (await isNewBuild(paths.remoteDist(remote), entry)))) continue;
    try {
      results.push(await publishFromDir(ctx, remote, paths.remoteDist(remote)));
    } catch (err) {
      log(`Remote ${remote} was not published: ${(err as Error).message}`);
    }
  }
  return results;
}

/** Whether a remote's build differs from every version published so far. */
async function isNewBuild(dir: string, entry: RegistryRemote): Promise<boolean> {
  const hash = await contentHash(dir).catch(() => null);
  return hash !== null && !entry.versions.some((v) => v.contentHash === hash);
}
