import type { RemoteName } from '@cove/contracts';
import type { Db } from '../db/client';
import { endCanary, type CanaryResult } from './canary';
import { shouldRollBack } from './health-rule';
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

/** Who the audit log names for a rollback the server made. */
export const autoRollbackActor = 'cove-server (automatic)';

/**
 * Called when a browser reports a failure of `remote@version`. When that version is the remote's
 * running canary, compares its failure rate with the stable version's since the canary began and ends
 * the canary when the rule says so (`health-rule.ts`). Cheap otherwise: one small file read.
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
  const [canaryHealth, stableHealth] = await versionHealth(
    ctx.db,
    remote,
    [canary.version, entry.current],
    new Date(canary.startedAt),
  );
  if (!canaryHealth || !stableHealth || !shouldRollBack(canaryHealth, stableHealth)) return null;
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
