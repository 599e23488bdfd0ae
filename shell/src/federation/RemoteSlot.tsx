import type { RemoteName } from '@cove/contracts';
import { releaseFirstScreen, useStore } from '@cove/runtime';
import { Button, Spinner, useDocumentTitle } from '@cove/ui';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useShell } from '../services/shell-context';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { remoteLabels } from './remote-meta';
import styles from './RemoteSlot.module.css';
import { useRemote } from './use-remote';
import { versionProblem } from './version-check';

// Until the remote's own screen names the tab, its area's name does (never set by RemoteSlot itself,
// whose effect would run after the remote's and overwrite it).
function Loading({ label, attempt }: { label: string; attempt: number }) {
  useDocumentTitle(label);
  return (
    <div className={styles.center}>
      <div className={styles.loading} role="status" aria-live="polite">
        <Spinner size={50} />
        <span>{attempt > 1 ? `Still trying to load ${label}…` : `Loading ${label}…`}</span>
      </div>
    </div>
  );
}

function Fallback({
  label,
  title,
  text = 'The rest of Cove keeps working. Try again in a moment.',
  action = 'Try again',
  onRetry,
}: {
  label: string;
  title: string;
  text?: string;
  action?: string;
  onRetry(): void;
}) {
  useDocumentTitle(label);
  // A screen the server drew for this area would otherwise hide that it failed.
  useEffect(() => releaseFirstScreen(), []);
  return (
    <div className={styles.center}>
      <div className={styles.fallback} role="alert">
        <span className={styles.fallbackIcon} aria-hidden="true">
          !
        </span>
        <h2>{title}</h2>
        <p>{text}</p>
        <Button onClick={onRetry}>{action}</Button>
      </div>
    </div>
  );
}

/**
 * The area one remote owns. Loading, a failed load, a remote built for other versions and a render crash
 * all stay inside it: the header, the popups and the other remotes never notice.
 */
export function RemoteSlot({ remote }: { remote: RemoteName }) {
  const { host, reportFailure, versions, reloadPage } = useShell();
  const { socketProtocol } = useStore(versions);
  const [state, retryLoad] = useRemote(remote);
  const [renderEpoch, setRenderEpoch] = useState(0);
  const label = remoteLabels[remote];
  const version = state.status === 'ready' ? state.remote.version : null;
  const problem = state.status === 'ready' ? versionProblem(state.remote.builtWith, socketProtocol) : null;

  const onRenderError = useCallback(
    (error: Error) => {
      const message = `${error.name}: ${error.message}`;
      reportFailure({ remote, version, phase: 'render', message });
    },
    [remote, version, reportFailure],
  );

  const problemDetail = problem?.detail;
  useEffect(() => {
    if (problemDetail) reportFailure({ remote, version, phase: 'load', message: problemDetail });
  }, [problemDetail, remote, version, reportFailure]);

  let body;
  if (state.status === 'loading') body = <Loading label={label} attempt={state.attempt} />;
  else if (state.status === 'failed')
    body = <Fallback label={label} title={`${label} can't load right now`} onRetry={retryLoad} />;
  else if (problem)
    body = (
      <Fallback
        label={label}
        title={`${label} can't run on this page`}
        text={problem.text}
        action="Reload"
        onRetry={reloadPage}
      />
    );
  else {
    const { App } = state.remote;
    body = (
      <RemoteErrorBoundary
        resetKey={renderEpoch}
        onError={onRenderError}
        fallback={() => (
          <Fallback
            label={label}
            title={`${label} stopped working`}
            onRetry={() => setRenderEpoch((n) => n + 1)}
          />
        )}
      >
        <Suspense fallback={<Loading label={label} attempt={1} />}>
          <App host={host} />
        </Suspense>
      </RemoteErrorBoundary>
    );
  }

  return (
    <section
      className={styles.area}
      aria-label={label}
      data-remote={remote}
      data-remote-state={problem ? 'version-mismatch' : state.status}
      data-version={version ?? undefined}
    >
      {body}
    </section>
  );
}
