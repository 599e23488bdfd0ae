import type { ReleaseActionResult, ReleasesResponse, RemoteName } from '@cove/contracts';
import type { Db } from '../db/client';
import { LockTimeoutError } from './lock';
import { ManifestError } from './manifest';
import { PreflightError } from './preflight';
import { RegistryFileError } from './registry-store';
import {
  promote,
  publish,
  recentChanges,
  ReleaseError,
  rollback,
  status,
  storedBuild,
  type ReleaseContext,
  type ReleaseResult,
} from './releases';
import type { CanaryResult } from './canary';
import { statusHealth } from './status-health';

/** Release actions in the audit log the page lists per remote, merged newest first. */
const changesPerRemote = 10;

/** What `/account/releases` shows: `release status` (versions, canary, error rates, recent changes). */
export async function releaseOverview(db: Db, ctx: ReleaseContext): Promise<ReleasesResponse> {
  const rows = await status(ctx);
  const [health, changes] = await Promise.all([statusHealth(db, rows), recentChanges(ctx, changesPerRemote)]);
  return {
    remotes: rows.map((r) => ({
      remote: r.remote,
      current: r.current,
      previous: r.previous,
      canary: r.canary,
      health: health[r.remote] ?? [],
      stored: r.stored,
    })),
    changes: Object.values(changes)
      .flat()
      .map(({ figures: _figures, ...entry }) => entry)
      .sort((a, b) => b.at.localeCompare(a.at)),
  };
}

export type ReleaseAction =
  | { type: 'publish'; version: string }
  | { type: 'canary'; version: string; percent: number }
  | { type: 'promote' }
  | { type: 'rollback'; to?: string };

/** The CLI's answer in one shape: a move of `current` has no canary share. */
function asResult(r: ReleaseResult | CanaryResult, action: 'publish' | 'rollback'): ReleaseActionResult {
  return 'action' in r ? r : { ...r, action, percent: null };
}

/**
 * One action from the release page, through the functions the CLI calls (`releases.ts`): the same
 * checks (preflight, shared singletons, the lock) and the same audit log, with `ctx.by` and `ctx.reason`.
 * A stored version is published as the CLI's `publish --dir <its folder>` would.
 */
export async function runReleaseAction(
  ctx: ReleaseContext,
  remote: RemoteName,
  action: ReleaseAction,
): Promise<ReleaseActionResult> {
  switch (action.type) {
    case 'publish':
      return asResult(
        await publish(ctx, remote, { dir: await storedBuild(ctx, remote, action.version) }),
        'publish',
      );
    case 'canary': {
      const dir = await storedBuild(ctx, remote, action.version);
      return asResult(await publish(ctx, remote, { dir, canary: action.percent }), 'publish');
    }
    case 'promote':
      return promote(ctx, remote);
    case 'rollback':
      return asResult(await rollback(ctx, remote, action.to), 'rollback');
  }
}

/** Whether an error is a release being refused (a check, the registry, the lock), said in the CLI's words. */
export function isReleaseRefusal(err: unknown): err is Error {
  return [ReleaseError, PreflightError, LockTimeoutError, ManifestError, RegistryFileError].some(
    (kind) => err instanceof kind,
  );
}
