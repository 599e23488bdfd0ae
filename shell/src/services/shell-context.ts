import type { ClientErrorReport, HostContext, SessionState } from '@cove/contracts';
import type { OwnedBus, ShellOutbox } from '@cove/runtime/shell';
import type { CountsService } from './counts';
import { createContext, useContext } from 'react';
import type { PopupStore } from './popup-store';
import type { RemoteLoader } from './remote-loading';
import type { ShellAccount } from './shell-account';

/**
 * The host as the shell's own code holds it: the session writable. Remotes are handed the same object
 * typed as `HostContext`, where the session is read-only.
 */
export interface ShellHost extends Omit<HostContext, 'session'> {
  session: SessionState;
}

/** Sends a remote's load or render failure on to the server; never throws. */
export type FailureReporter = (failure: ClientErrorReport) => void;

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
  /** The signed-in person's outbox, run by the shell on every page; `host.outbox` is its public part. */
  outbox: ShellOutbox;
  loader: RemoteLoader;
  reportFailure: FailureReporter;
  popupStore: PopupStore;
  /** The live unread totals: the Chats badge, the bell, the title and the app badge. */
  counts: CountsService;
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
