import { accountInfoEnvelope } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useQuery } from '@tanstack/react-query';
import { earningsKeys } from './earnings-keys';

/** `GET /v1/account/info`: the saved payout method, the allowed ones, the email and the AML state. */
export function useAccountInfo() {
  const { api } = useHost();
  return useQuery({
    queryKey: earningsKeys.info,
    queryFn: async ({ signal }) =>
      (await api.get('/v1/account/info', { schema: accountInfoEnvelope, signal })).data,
  });
}
