import { fanListsResponse, type ApiClient } from '@cove/contracts';
import { useQuery } from '@tanstack/react-query';

/** `GET /v1/fan-lists`: the creator's named lists, each a possible audience. */
export const useFanLists = (api: ApiClient) =>
  useQuery({
    queryKey: ['fan-lists'],
    queryFn: async ({ signal }) =>
      (await api.get('/v1/fan-lists', { schema: fanListsResponse, signal })).data,
  });
