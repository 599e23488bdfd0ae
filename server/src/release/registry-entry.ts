import { userInfo } from 'node:os';
import type { Registry, RegistryRemote, RemoteName } from '@cove/contracts';
import type { AuditEntry } from './audit';

export class ReleaseError extends Error {
  override readonly name = 'ReleaseError';
}

export function entryOf(reg: Registry, remote: RemoteName): RegistryRemote {
  return reg.remotes[remote] ?? { current: null, versions: [], history: [] };
}

/** Who runs a release command: the OS user, when known. */
function actor(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** The audit entry's who and why for a change: the given actor (else the OS user) and reason. */
export function auditSource(source: { by?: string; reason?: string }): Pick<AuditEntry, 'by' | 'reason'> {
  return { by: source.by ?? actor(), ...(source.reason ? { reason: source.reason } : {}) };
}
