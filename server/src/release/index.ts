export type { CanaryResult } from './canary';
export {
  ensureRemotesPublished,
  promote,
  publish,
  recentChanges,
  rollback,
  status,
  type ReleaseContext,
  type ReleaseResult,
} from './releases';
export { findRepoRoot, resolveDataDir } from './paths';
