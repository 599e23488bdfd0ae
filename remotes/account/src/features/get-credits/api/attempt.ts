import { useCallback, useRef } from 'react';
import { attemptFor, keepsAttempt, type Attempt } from '../model/attempt';

/**
 * What the payment calls share: `run(signature, call)` hands the call an attempt whose idempotency key
 * is kept while a network error may be retried with the same choices, and forgotten otherwise.
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
