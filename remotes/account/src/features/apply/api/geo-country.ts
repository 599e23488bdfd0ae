import { geoIpResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';

/** The country the server places the caller in (`GET /v1/geo_ip`), null when it cannot tell. */
export function useGeoCountry(): string | null {
  const { api } = useHost();
  const geo = useQuery({
    queryKey: ['geo-ip'],
    queryFn: ({ signal }) => api.get('/v1/geo_ip', { schema: geoIpResponse, signal }),
    staleTime: Infinity,
  });
  return geo.data?.country_code ?? null;
}
