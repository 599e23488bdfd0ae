import type { HostContext, HostSession } from '@cove/contracts';
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from '../store/store';

const Context = createContext<HostContext | null>(null);

/** Each remote wraps its tree in this with the `host` it was given. */
export function HostProvider({ host, children }: { host: HostContext; children: ReactNode }) {
  return <Context.Provider value={host}>{children}</Context.Provider>;
}

export function useHost(): HostContext {
  const host = useContext(Context);
  if (!host) throw new Error('useHost() needs a <HostProvider> above it');
  return host;
}

/** A render-tracked snapshot of the shell's session. */
export function useSession(): Readonly<HostSession> {
  return useStore(useHost().session);
}
