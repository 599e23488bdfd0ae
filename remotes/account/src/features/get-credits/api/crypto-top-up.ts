import { cryptoTopUpResponse } from '@cove/contracts';
import { useAttempt, useHost } from '@cove/runtime';
import { useMutation } from '@tanstack/react-query';
import { browser } from '../model/card';

/** `POST /v1/payment/crypto`: opens the crypto provider's page for the amount (credits only). */
export function useCryptoTopUp() {
  const { api } = useHost();
  const run = useAttempt();
  return useMutation({
    mutationFn: (amount: number) =>
      run(String(amount), (current) =>
        api.post(
          '/v1/payment/crypto',
          { amount, idempotency_key: current.key },
          { schema: cryptoTopUpResponse },
        ),
      ),
    onSuccess: (answer) => browser.assign(answer.redirect_url),
  });
}
