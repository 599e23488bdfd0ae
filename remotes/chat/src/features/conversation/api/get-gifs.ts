import { gifsResponse, type ApiClient } from '@cove/contracts';
import { useQuery } from '@tanstack/react-query';

/** Cove's GIF library (`GET /v1/gifs`), searched by `q`; a search's answer does not change. */
export const useGifs = (api: ApiClient, q: string) =>
  useQuery({
    queryKey: ['gifs', q],
    queryFn: ({ signal }) => api.get('/v1/gifs', { query: { q, limit: 24 }, schema: gifsResponse, signal }),
    staleTime: Infinity,
  });
