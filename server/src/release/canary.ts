import type { PublishedVersion, Registry, RegistryAction, RegistryRemote, RemoteName } from '@cove/contracts';
import { appendAudit, type HealthFigures } from './audit';
import { withFileLock } from './lock';
import type { ReleasePaths } from './paths';
import { auditSource, entryOf, ReleaseError } from './registry-entry';
import { readRegistry, writeRegistry } from './registry-store';

interface CanaryContext {
  now?: () => Date;
  by?: string;
  reason?: string;
}

export interface CanaryResult {
  remote: RemoteName;
  action: RegistryAction;
  /** The version the change moved away from (the old canary, or the stable version on promote). */
  from: string | null;
  to: string;
  /** The canary's share after the change; null when no canary runs any more. */
  percent: number | null;
  /** False when the registry already said so. */
  changed: boolean;
}

interface Decision {
  action: RegistryAction;
  from: string | null;
  to: string;
  next: RegistryRemote;
}

/** Applies one canary change to a remote's entry under the registry lock, with history and audit. */
async function change(
  ctx: CanaryContext,
  paths: ReleasePaths,
  remote: RemoteName,
  decide: (entry: RegistryRemote, at: string) => Decision | null,
  audit: { by?: string; figures?: HealthFigures } = {},
): Promise<CanaryResult | null> {
  const now = ctx.now ?? (() => new Date());
  return withFileLock(paths.lockFile, async () => {
    const reg = await readRegistry(paths.registryFile);
    const entry = entryOf(reg, remote);
    const at = now().toISOString();
    const decision = decide(entry, at);
    if (!decision) return null;
    const { action, from, to, next } = decision;
    const percent = next.canary?.percent ?? null;
    const same = JSON.stringify(next) === JSON.stringify(entry);
    if (same) return { remote, action, from, to, percent, changed: false };
    const doc: Registry = {
      ...reg,
      updatedAt: at,
      remotes: {
        ...reg.remotes,
        [remote]: { ...next, history: [...entry.history, { at, action, from, to }] },
      },
    };
    await writeRegistry(paths.registryFile, doc);
    await appendAudit(paths.auditFile, {
      at,
      action,
      remote,
      from,
      to,
      ...auditSource({ by: audit.by ?? ctx.by, reason: ctx.reason }),
      ...(percent !== null ? { percent } : {}),
      ...(audit.figures ? { figures: audit.figures } : {}),
    });
    return { remote, action, from, to, percent, changed: true };
  });
}

/**
 * `publish <remote> --canary <percent>`: serves a stored version to that share of browsers beside the
 * current one. A running canary is replaced (a fixed build), or only re-shared when it is the same build.
 */
export async function startCanary(
  ctx: CanaryContext,
  paths: ReleasePaths,
  remote: RemoteName,
  added: PublishedVersion,
  percent: number,
): Promise<CanaryResult> {
  if (!Number.isInteger(percent) || percent < 1 || percent > 99) {
    throw new ReleaseError('A canary share is a whole percent from 1 to 99.');
  }
  const result = await change(ctx, paths, remote, (entry, at) => {
    if (!entry.current) throw new ReleaseError(`${remote} has no stable version to compare a canary with.`);
    if (entry.current === added.version) {
      throw new ReleaseError(`${remote}@${added.version} is already the stable version.`);
    }
    const versions = entry.versions.some((v) => v.version === added.version)
      ? entry.versions
      : [...entry.versions, added];
    const startedAt = entry.canary?.version === added.version ? entry.canary.startedAt : at;
    return {
      action: 'canary',
      from: entry.canary?.version ?? entry.current,
      to: added.version,
      next: { ...entry, versions, canary: { version: added.version, percent, startedAt } },
    };
  });
  if (!result) throw new ReleaseError(`${remote}: the canary did not start.`);
  return result;
}

/** `release promote <remote>`: the canary becomes the version every browser runs. */
export async function promote(
  ctx: CanaryContext,
  paths: ReleasePaths,
  remote: RemoteName,
): Promise<CanaryResult> {
  const result = await change(ctx, paths, remote, (entry) => {
    if (!entry.canary) throw new ReleaseError(`${remote} has no canary to promote.`);
    return {
      action: 'promote',
      from: entry.current,
      to: entry.canary.version,
      next: { ...entry, current: entry.canary.version, canary: null },
    };
  });
  if (!result) throw new ReleaseError(`${remote}: nothing was promoted.`);
  return result;
}

/**
 * Ends a canary: every browser runs the current version again. With `version`, only that canary is
 * ended (the automatic rollback judged it; a newer one published since is left alone, with an error).
 */
export async function endCanary(
  ctx: CanaryContext,
  paths: ReleasePaths,
  remote: RemoteName,
  opts: { action: 'canary-end' | 'auto-rollback'; version?: string; by?: string; figures?: HealthFigures },
): Promise<CanaryResult> {
  const result = await change(
    ctx,
    paths,
    remote,
    (entry) => {
      const canary = entry.canary;
      if (!canary) throw new ReleaseError(`${remote} has no canary running.`);
      if (opts.version !== undefined && canary.version !== opts.version) return null;
      if (!entry.current) throw new ReleaseError(`${remote} has no stable version.`);
      return {
        action: opts.action,
        from: canary.version,
        to: entry.current,
        next: { ...entry, canary: null },
      };
    },
    { by: opts.by, figures: opts.figures },
  );
  if (!result) throw new ReleaseError(`${remote}'s canary is no longer ${opts.version ?? ''}.`);
  return result;
}
