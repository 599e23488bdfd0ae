import { useCallback, useEffect, useState } from 'react';
import { errorMessage, isAborted } from '../api/api-error';

/** A request moves through none, fetching, fetched or error (spec section 4). */
export type RequestState<T> =
  | { status: 'none' }
  | { status: 'fetching' }
  | { status: 'fetched'; data: T }
  | { status: 'error'; message: string };

/**
 * Runs `load` when `enabled` and whenever `key` changes; the call is aborted when the component leaves
 * or the key changes, and an aborted call changes nothing.
 */
export function useRequest<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  enabled = true,
): [RequestState<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const id = `${key}#${attempt}`;
  // The settled result of one request; a result for another id means this one is still in flight.
  const [result, setResult] = useState<{ id: string; state: RequestState<T> } | null>(null);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setResult({ id, state: { status: 'fetched', data } }),
      (err: unknown) => {
        if (isAborted(err) || controller.signal.aborted) return;
        setResult({ id, state: { status: 'error', message: errorMessage(err) } });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `id` names what `load` fetches
  }, [id, enabled]);

  if (!enabled) return [{ status: 'none' }, retry];
  return [result?.id === id ? result.state : { status: 'fetching' }, retry];
}
