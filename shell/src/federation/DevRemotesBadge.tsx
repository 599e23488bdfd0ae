import { useEffect } from 'react';
import type { DevRemotes } from './dev-remotes';
import styles from './DevRemotesBadge.module.css';

/** `localhost:3101`: where a dev remote comes from, as a developer reads it. */
const origin = (url: string) => new URL(url).host;

/**
 * Says which remotes this tab runs from a dev server ("chat from localhost:3101 (dev)"), with a way back
 * to the released versions; the page reloads itself when a dev server rebuilds.
 */
export function DevRemotesBadge({
  remotes,
  turnOff,
  watch,
}: {
  remotes: DevRemotes;
  turnOff: () => void;
  watch: () => () => void;
}) {
  useEffect(() => (remotes.size > 0 ? watch() : undefined), [remotes, watch]);
  if (remotes.size === 0) return null;
  return (
    <aside className={styles.badge} aria-label="Dev remotes">
      {[...remotes].map(([remote, url]) => (
        <p key={remote} className={styles.item}>
          {remote} from {origin(url)} (dev)
        </p>
      ))}
      <button type="button" className={styles.off} onClick={turnOff}>
        Turn off
      </button>
    </aside>
  );
}
