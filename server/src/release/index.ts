export {
  ensureRemotesPublished,
  publish,
  publishFromDir,
  rollback,
  status,
  ReleaseError,
  type ReleaseContext,
  type ReleaseResult,
  type RemoteStatus,
} from './releases';
export { findRepoRoot, resolveDataDir, releasePaths } from './paths';
export { readAudit, type AuditEntry } from './audit';
export { sharedProblems } from './compat';
export { satisfies } from './semver';
