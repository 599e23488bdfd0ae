import type { RemoteName } from '@cove/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useShell } from '../services/shell-context';
import type { LoadedRemote } from '../services/remote-loading';
import { withRetry, RetryAbortedError } from './retry';

export type RemoteState =
  | { status: 'loading'; attempt: number }
  | { status: 'ready'; remote: LoadedRemote }
  | { status: 'failed'; message: string };

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Loads a remote through the registry, retrying every second; after the last attempt it reports the
 * failure and leaves the next try to the person (retry button) or the network coming back.
 */
export function useRemote(name: RemoteName): [RemoteState, () => void] {
  const { loader, reportFailure } = useShell();
  const [epoch, setEpoch] = useState(0);
  const run = `${name}#${epoch}`;
  // What the current run has reported so far; nothing yet means its first attempt is under way.
  const [progress, setProgress] = useState<{ run: string; state: RemoteState } | null>(null);
  const retry = useCallback(() => setEpoch((n) => n + 1), []);
  const setState = useCallback((state: RemoteState) => setProgress({ run, state }), [run]);

  const cached = loader.peek(name);
  const state: RemoteState = cached
    ? { status: 'ready', remote: cached }
    : progress?.run === run
      ? progress.state
      : { status: 'loading', attempt: 1 };

  useEffect(() => {
    if (loader.peek(name)) return;
    const controller = new AbortController();
    withRetry(() => loader.load(name), {
      signal: controller.signal,
      onRetry: (n) => setState({ status: 'loading', attempt: n + 1 }),
    }).then(
      (remote) => setState({ status: 'ready', remote }),
      (err: unknown) => {
        if (err instanceof RetryAbortedError || controller.signal.aborted) return;
        const version = loader.versionOf(name);
        const message = describe(err);
        reportFailure({ remote: name, version, phase: 'load', message });
        setState({ status: 'failed', message });
      },
    );
    return () => controller.abort();
  }, [name, loader, reportFailure, setState]);

  // A remote that failed while offline gets another try when the network returns.
  useEffect(() => {
    if (state.status !== 'failed') return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [state.status, retry]);

  return [state, retry];
}
