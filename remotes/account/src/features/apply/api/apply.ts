import { idVerificationResponse, type ApplyBody } from '@cove/contracts';
import { useHost } from '@cove/runtime';
import { useIdVerificationChange } from './id-verification';

/** `POST /v1/users/apply`: sends the application; the answer is where it now stands. */
export function useApply() {
  const { api } = useHost();
  return useIdVerificationChange((body: ApplyBody) =>
    api.post('/v1/users/apply', body, { schema: idVerificationResponse }),
  );
}
