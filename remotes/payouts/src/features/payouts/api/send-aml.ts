import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { earningsKeys } from '../../../common/earnings-keys';
import { amlBodyOf, type AmlInput } from '../model/aml-fields';

/** `POST /v1/account/anti-money-laundering`: the details a payout above the threshold waits for. */
export function useSendAml() {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AmlInput) =>
      api.send('POST', '/v1/account/anti-money-laundering', { body: amlBodyOf(body) }),
    onSuccess: () => void client.invalidateQueries({ queryKey: earningsKeys.all }),
  });
}
