import { mediaConfig, type ApiClient } from '@cove/contracts';
import type { QueryClient } from '@tanstack/react-query';

/** The server's upload limits (`GET /v1/media/config`), read once per session; null when they cannot be read. */
export const fetchMediaConfig = (client: QueryClient, api: ApiClient) =>
  client
    .fetchQuery({
      queryKey: ['media-config'],
      queryFn: ({ signal }) => api.get('/v1/media/config', { schema: mediaConfig, signal }),
      staleTime: Infinity,
    })
    .catch(() => null);
