import { mediaConfig } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';

/** `GET /v1/media/config`: the upload limits and where to send a file, read once for every upload. */
export function useMediaConfig() {
  const { api } = useHost();
  return useQuery({
    queryKey: ['media-config'],
    queryFn: ({ signal }) => api.get('/v1/media/config', { schema: mediaConfig, signal }),
    staleTime: Infinity,
  });
}
