import type { RemoteName } from '@cove/contracts';
import type { Db } from '../db/client';
import { endCanary, type CanaryResult } from './canary';
import { shouldRollBack, stableBaselineMs, stableFigure, type VersionHealth } from './health-rule';
import { versionHealth } from './health-store';
import { releasePaths } from './paths';
import { entryOf, ReleaseError } from './registry-entry';
import { readRegistry } from './registry-store';

export interface AutoRollbackContext {
  db: Db;
  dataDir: string;
  repoRoot: string;
  now?: () => Date;
}

/**
 * Stable's figure over the day before each remote's running canary began, read once per canary: that
 * day is past, and it may hold a day of stable's traffic.
 */
const baselines = new Map<RemoteName, { key: string; health: VersionHealth }>();

async function stableBefore(
  db: Db,
  remote: RemoteName,
  stable: string,
  began: Date,
): Promise<VersionHealth | undefined> {
  const key = `${stable}@${began.toISOString()}`;
  const known = baselines.get(remote);
  if (known?.key === key) return known.health;
  const dayBefore = new Date(began.getTime() - stableBaselineMs);
  const [health] = await versionHealth(db, remote, [stable], dayBefore, began);
  if (health) baselines.set(remote, { key, health });
  return health;
}

/** Who the audit log names for a rollback the server made. */
export const autoRollbackActor = 'cove-server (automatic)';

/**
 * Called when a browser reports a failure of `remote@version`. When that version is the remote's
 * running canary, compares its failure rate since it began with the stable version's (`stableFigure`)
 * and ends the canary when the rule says so (`health-rule.ts`). Cheap otherwise: one small file read.
 */
export async function checkCanary(
  ctx: AutoRollbackContext,
  remote: RemoteName,
  version: string,
): Promise<CanaryResult | null> {
  const paths = releasePaths(ctx.dataDir, ctx.repoRoot);
  const entry = entryOf(await readRegistry(paths.registryFile), remote);
  const canary = entry.canary;
  if (!canary || canary.version !== version || !entry.current) return null;
  const began = new Date(canary.startedAt);
  const [canaryHealth, stableDuring] = await versionHealth(
    ctx.db,
    remote,
    [canary.version, entry.current],
    began,
  );
  if (!canaryHealth || !stableDuring) return null;
  const before = await stableBefore(ctx.db, remote, entry.current, began);
  const stableHealth = before ? stableFigure(stableDuring, before) : stableDuring;
  if (!shouldRollBack(canaryHealth, stableHealth)) return null;
  try {
    return await endCanary(ctx, paths, remote, {
      action: 'auto-rollback',
      version: canary.version,
      by: autoRollbackActor,
      figures: { canary: canaryHealth, stable: stableHealth },
    });
  } catch (err) {
    // Another report got there first, or a release manager changed the canary meanwhile.
    if (err instanceof ReleaseError) return null;
    throw err;
  }
}
