import { useCallback, useRef } from 'react';
import { isApiError } from '../api/api-error';

/**
 * One try at a call the server must carry out once (a payment, a payout): what it was for, its
 * idempotency key, and what an earlier step of it already got (a card's token).
 */
export interface Attempt {
  signature: string;
  key: string;
  token?: string;
}

/** The attempt a call makes: the one kept for the same choices (a retry), else a new one. */
export const attemptFor = (kept: Attempt | null, signature: string, newKey: () => string): Attempt =>
  kept?.signature === signature ? kept : { signature, key: newKey() };

/** Only a call that may not have arrived is retried as the same attempt. */
export const keepsAttempt = (err: unknown) => isApiError(err) && err.status === 0 && err.code === 'network';

/**
 * `run(signature, call)` hands the call an attempt whose idempotency key is kept while a network error
 * may be retried with the same choices (the server answers a repeated key with what it already did),
 * and forgotten otherwise.
 */
export function useAttempt() {
  const kept = useRef<Attempt | null>(null);
  return useCallback(async <T>(signature: string, call: (attempt: Attempt) => Promise<T>): Promise<T> => {
    const current = attemptFor(kept.current, signature, () => crypto.randomUUID());
    kept.current = current;
    try {
      const answer = await call(current);
      kept.current = null;
      return answer;
    } catch (err) {
      if (!keepsAttempt(err)) kept.current = null;
      throw err;
    }
  }, []);
}
