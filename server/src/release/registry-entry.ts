import { userInfo } from 'node:os';
import type { Registry, RegistryRemote, RemoteName } from '@cove/contracts';

export class ReleaseError extends Error {
  override readonly name = 'ReleaseError';
}

export function entryOf(reg: Registry, remote: RemoteName): RegistryRemote {
  return reg.remotes[remote] ?? { current: null, versions: [], history: [] };
}

/** Who runs a release command: the OS user, when known. */
export function actor(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
