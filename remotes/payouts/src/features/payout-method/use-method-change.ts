import { sendVerificationCodeResponse, type PayoutMethodBody } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { earningsKeys } from '../../common/earnings-queries';

/**
 * Changing the payout method in two calls: the email code (`POST /v1/users/send-verification-code`),
 * then the method with that code (`PATCH /v2/account/defaults?verification_code=`). Saving settles only
 * once the account info is read again, so the new method's label is there to show.
 */
export function useMethodChange() {
  const { api } = useHost();
  const client = useQueryClient();
  const sendCode = useMutation({
    mutationFn: () =>
      api.post(
        '/v1/users/send-verification-code',
        { action: 'verify' },
        { schema: sendVerificationCodeResponse },
      ),
  });
  const save = useMutation({
    mutationFn: ({ body, code }: { body: PayoutMethodBody; code: string }) =>
      api.send('PATCH', '/v2/account/defaults', { query: { verification_code: code }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: earningsKeys.all }),
  });
  return { sendCode, save };
}
