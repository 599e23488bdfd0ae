import { blockedCountries } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';

export const blockedCountriesPath = '/v1/users/blocked-countries';
export const blockedCountriesKey = ['blocked-countries'];

/** `GET /v1/users/blocked-countries`: the countries whose fans cannot see this creator. */
export function useBlockedCountries() {
  const { api } = useHost();
  return useQuery({
    queryKey: blockedCountriesKey,
    queryFn: () => api.get(blockedCountriesPath, { schema: blockedCountries }),
  });
}
