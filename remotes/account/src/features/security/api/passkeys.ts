import { passkeyAdded, passkeyOptions, recoveryCodesResponse } from '@cove/contracts';
import { passkeyAttestation, passkeyConfirmation, useHost } from '@cove/runtime';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { securityKeys } from '../../../common/security-status';

/**
 * `POST /v1/account/security/passkeys`: the server's options, the browser's prompt to make a passkey,
 * then its answer with the name. Beside a factor the person has, that factor confirms it first: their
 * passkey (`withPasskey`) or a code from their app (`code`). The first factor answers recovery codes.
 */
export function useAddPasskey() {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; code?: string; withPasskey?: boolean }) => {
      const current = input.withPasskey ? await passkeyConfirmation(api) : input.code;
      const options = await api.post('/v1/account/security/passkeys/options', {}, { schema: passkeyOptions });
      const response = await passkeyAttestation(options);
      return api.post(
        '/v1/account/security/passkeys',
        { name: input.name, response, ...(current ? { current } : {}) },
        { schema: passkeyAdded },
      );
    },
    // The first factor signs every other session out: both lists are read again.
    onSuccess: () => client.invalidateQueries({ queryKey: ['security'] }),
  });
}

/** `DELETE /v1/account/security/passkeys/{id}`; the last factor is refused (docs/rules.md, Second factor). */
export function useRemovePasskey() {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.send('DELETE', `/v1/account/security/passkeys/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: securityKeys.status }),
  });
}

/** New recovery codes confirmed with a passkey (the app's code form does it with a code). */
export function useNewRecoveryCodesWithPasskey() {
  const { api } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      api.post(
        '/v1/account/security/recovery-codes',
        { code: await passkeyConfirmation(api) },
        { schema: recoveryCodesResponse },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: securityKeys.status }),
  });
}
