import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useHost, useSession } from '../host/host-context';
import { followConnection, refetchFailedOnReconnect } from './reconnect';

/**
 * A remote's server-state cache. Failures show at once with a retry button rather than after silent
 * retries (the spec's request states), also while the socket is down (`networkMode: 'always'`: a
 * read is tried, not paused); a window regaining focus does not refetch behind the person's back; the
 * socket coming back reads again what failed (`followConnection`).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: refetchFailedOnReconnect,
        networkMode: 'always',
        staleTime: 30_000,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

function Provider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  const { bus } = useHost();
  useEffect(() => followConnection(bus.connection$), [bus]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * One QueryClient per remote, made in the remote's root under `RemoteRoot`. Another person signing in
 * gets a new one, so no answer meant for the previous account is ever shown.
 */
export function QueryRoot({ children }: { children: ReactNode }) {
  const userId = useSession().user?._id ?? '';
  return <Provider key={userId}>{children}</Provider>;
}
