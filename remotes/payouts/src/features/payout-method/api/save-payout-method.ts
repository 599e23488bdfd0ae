import type { PayoutMethodBody } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { earningsKeys } from '../../../common/earnings-keys';

/**
 * `PATCH /v2/account/defaults?verification_code=`: the method with the emailed code. Saving settles only
 * once the account info is read again, so the new method's label is there to show.
 */
export function useSavePayoutMethod() {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, code }: { body: PayoutMethodBody; code: string }) =>
      api.send('PATCH', '/v2/account/defaults', { query: { verification_code: code }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: earningsKeys.all }),
  });
}
