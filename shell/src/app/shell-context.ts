import type { HostContext } from '@cove/contracts';
import type { OwnedBus } from '@cove/runtime';
import { createContext, useContext } from 'react';
import type { RemoteLoader } from '../federation/remote-loader';
import type { FailureReporter } from '../federation/report';
import type { PopupStore } from '../popups/popup-store';
import type { ShellAccount } from '../session/account';

/** What the shell's own components reach: the host handed to remotes plus the shell-only services. */
export interface ShellServices {
  host: HostContext;
  bus: OwnedBus;
  /** The session's actions (sign-in, logout, bans); `host.account` is its public part. */
  account: ShellAccount;
  loader: RemoteLoader;
  reportFailure: FailureReporter;
  popupStore: PopupStore;
  /** The router's navigate, installed once the router renders. */
  setNavigate(fn: HostContext['navigate']): void;
}

export const ShellContext = createContext<ShellServices | null>(null);

export function useShell(): ShellServices {
  const services = useContext(ShellContext);
  if (!services) throw new Error('useShell() needs the <ShellContext> provider');
  return services;
}
