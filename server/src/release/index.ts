export {
  ensureRemotesPublished,
  publish,
  rollback,
  status,
  type ReleaseContext,
  type ReleaseResult,
} from './releases';
export { findRepoRoot, resolveDataDir } from './paths';
