import type { BuiltWith, RemoteAppProps, RemoteName } from '@cove/contracts';
import type { ComponentType } from 'react';

export interface LoadedRemote {
  version: string;
  App: ComponentType<RemoteAppProps>;
  /** The contract and protocol versions the remote says it was built against. */
  builtWith: BuiltWith;
}

export interface RemoteLoader {
  /**
   * One attempt at loading a remote's `./App`. After a failed attempt the next one reads the registry
   * again (a rollback may have fixed it) and registers the remote afresh, so no failed fetch is reused.
   */
  load(remote: RemoteName): Promise<LoadedRemote>;
  /** The version the registry named for a remote, once known. */
  versionOf(remote: RemoteName): string | null;
  /** A remote that already loaded, so a revisit renders at once. */
  peek(remote: RemoteName): LoadedRemote | null;
  /** At boot: reads the registry and registers every released remote, loading none of them yet. */
  warm(): Promise<void>;
}
