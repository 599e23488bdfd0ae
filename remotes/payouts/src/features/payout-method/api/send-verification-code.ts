import { sendVerificationCodeResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useMutation } from '@tanstack/react-query';

/** `POST /v1/users/send-verification-code`: emails the code a payout method change is saved with. */
export function useSendVerificationCode() {
  const { api } = useHost();
  return useMutation({
    mutationFn: () =>
      api.post(
        '/v1/users/send-verification-code',
        { action: 'verify' },
        { schema: sendVerificationCodeResponse },
      ),
  });
}
