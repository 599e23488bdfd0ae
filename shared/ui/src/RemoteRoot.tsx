import type { HostContext } from '@cove/contracts';
import { HostProvider } from '@cove/runtime';
import type { ReactNode } from 'react';
import styles from './State.module.css';

/** Set per build (COVE_BUILD_LABEL) so one release can be told apart from another in the page. */
declare const __COVE_BUILD_LABEL__: string | undefined;
const buildLabel = typeof __COVE_BUILD_LABEL__ === 'string' ? __COVE_BUILD_LABEL__ : '';

/** The top of every remote: the host for its tree, and which build is running. */
export function RemoteRoot({
  host,
  name,
  children,
}: {
  host: HostContext;
  name: string;
  children: ReactNode;
}) {
  return (
    <HostProvider host={host}>
      <div className={styles.root} data-remote-root={name} data-build-label={buildLabel || undefined}>
        {children}
      </div>
    </HostProvider>
  );
}
