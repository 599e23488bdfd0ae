import { blockedCountries, type BlockedCountries } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blockedCountriesKey, blockedCountriesPath } from './blocked-countries';

/** `PUT /v1/users/blocked-countries`: saves the whole list; the answer is the list as saved. */
export function useSaveBlockedCountries() {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (countries: string[]) =>
      api.put(blockedCountriesPath, { blocked_countries: countries }, { schema: blockedCountries }),
    onSuccess: (saved: BlockedCountries) => client.setQueryData(blockedCountriesKey, saved),
  });
}
