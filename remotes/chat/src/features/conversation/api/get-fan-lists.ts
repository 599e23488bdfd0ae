import { fanListsResponse, type ApiClient } from '@cove/contracts';
import { useQuery } from '@tanstack/react-query';

export const fanListsKey = ['fan-lists'] as const;

/** `GET /v1/fan-lists`: the creator's named lists. */
export const useFanLists = (api: ApiClient) =>
  useQuery({
    queryKey: fanListsKey,
    queryFn: async ({ signal }) =>
      (await api.get('/v1/fan-lists', { schema: fanListsResponse, signal })).data,
  });
