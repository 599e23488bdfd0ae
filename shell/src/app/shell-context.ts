import type { HostContext, SessionState } from '@cove/contracts';
import type { OwnedBus } from '@cove/runtime/shell';
import { createContext, useContext } from 'react';
import type { RemoteLoader } from '../federation/remote-loader';
import type { FailureReporter } from '../federation/report';
import type { PopupStore } from '../popups/popup-store';
import type { ShellAccount } from '../session/account';

/**
 * The host as the shell's own code holds it: the session writable. Remotes are handed the same object
 * typed as `HostContext`, where the session is read-only.
 */
export interface ShellHost extends Omit<HostContext, 'session'> {
  session: SessionState;
}

/** What the shell knows of the versions around it, for the remotes' version checks. */
export interface ShellVersions {
  /** The realtime protocol the server's socket speaks, when it is not the one this page was built for. */
  socketProtocol: number | null;
}

/** What the shell's own components reach: the host handed to remotes plus the shell-only services. */
export interface ShellServices {
  host: ShellHost;
  bus: OwnedBus;
  /** The session's actions (sign-in, logout, bans); `host.account` is its public part. */
  account: ShellAccount;
  loader: RemoteLoader;
  reportFailure: FailureReporter;
  popupStore: PopupStore;
  /** A store: read it with `useStore`. */
  versions: ShellVersions;
  /** The router's navigate, installed once the router renders. */
  setNavigate(fn: HostContext['navigate']): void;
  /** Loads the page again (a version check's way out). */
  reloadPage(): void;
}

export const ShellContext = createContext<ShellServices | null>(null);

export function useShell(): ShellServices {
  const services = useContext(ShellContext);
  if (!services) throw new Error('useShell() needs the <ShellContext> provider');
  return services;
}
