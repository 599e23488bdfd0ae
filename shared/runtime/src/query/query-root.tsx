import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSession } from '../host/host-context';

/**
 * A remote's server-state cache. Failures show at once with a retry button rather than after silent
 * retries (the spec's request states); a window regaining focus does not refetch behind the person's back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

function Provider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
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
