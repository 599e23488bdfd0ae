/** The spec's lazy-load retry: a failed load is tried again every 1000 ms. */
export const retryIntervalMs = 1000;
/** Attempts before the area shows its fallback (with a retry button) instead of the loading state. */
export const attemptsBeforeFallback = 4;

export interface RetryOptions {
  intervalMs?: number;
  maxAttempts?: number;
  signal?: AbortSignal;
  /** Called after each failed attempt that will be retried. */
  onRetry?(attempt: number, error: unknown): void;
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
}

export class RetryAbortedError extends Error {
  override readonly name = 'RetryAbortedError';
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(new RetryAbortedError('retry cancelled'));
    }
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** Runs `attempt(n)` until it resolves, waiting `intervalMs` between tries; rejects with the last error. */
export async function withRetry<T>(attempt: (n: number) => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const {
    intervalMs = retryIntervalMs,
    maxAttempts = attemptsBeforeFallback,
    signal,
    sleep = defaultSleep,
  } = opts;
  for (let n = 1; ; n++) {
    if (signal?.aborted) throw new RetryAbortedError('retry cancelled');
    try {
      return await attempt(n);
    } catch (err) {
      if (signal?.aborted) throw new RetryAbortedError('retry cancelled');
      if (n >= maxAttempts) throw err;
      opts.onRetry?.(n, err);
      await sleep(intervalMs, signal);
    }
  }
}
