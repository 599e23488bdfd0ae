import type { HostContext } from '@cove/contracts';
import type { OwnedBus } from '@cove/runtime';
import { createContext, useContext } from 'react';
import type { RemoteLoader } from '../federation/remote-loader';
import type { FailureReporter } from '../federation/report';
import type { PopupStore } from '../popups/popup-store';

/** What the shell's own components reach: the host handed to remotes plus the shell-only services. */
export interface ShellServices {
  host: HostContext;
  bus: OwnedBus;
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
