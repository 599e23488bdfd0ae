import { recoveryCodesResponse, totpEnrolment } from '@cove/contracts';
import { passkeyConfirmation, useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { securityKeys } from '../../../common/security-status';

/** `POST /v1/account/security/totp`: a new secret to scan; it counts once a first code confirms it. */
export function useStartTotp() {
  const { api } = useHost();
  return useMutation({
    mutationFn: () => api.post('/v1/account/security/totp', {}, { schema: totpEnrolment }),
  });
}

/**
 * `POST /v1/account/security/totp/confirm`: the first code turns the app on and answers with the
 * recovery codes; the server signed every other session out, so the sessions list is read again.
 */
export function useConfirmTotp() {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    // Beside a passkey, the passkey confirms the app too (docs/rules.md, Second factor).
    mutationFn: async ({ code, withPasskey }: { code: string; withPasskey: boolean }) =>
      api.post(
        '/v1/account/security/totp/confirm',
        withPasskey ? { code, current: await passkeyConfirmation(api) } : { code },
        { schema: recoveryCodesResponse },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['security'] }),
  });
}

/** `POST /v1/account/security/recovery-codes`: a new set, confirmed with a current code; the old set stops working. */
export function useNewRecoveryCodes() {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post('/v1/account/security/recovery-codes', { code }, { schema: recoveryCodesResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.status }),
  });
}
