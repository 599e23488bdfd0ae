import { idVerificationResponse } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useIdVerificationChange } from './id-verification';

/** `POST /v1/users/id-verification`: opens an identity check with the provider. */
export function useStartCheck() {
  const { api } = useHost();
  return useIdVerificationChange(() =>
    api.post('/v1/users/id-verification', {}, { schema: idVerificationResponse }),
  );
}
