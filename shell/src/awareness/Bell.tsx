import { useStore } from '@cove/runtime';
import { kit } from '@cove/ui';
import { Link, useLocation } from '@cove/router';
import { useShell } from '../services/shell-context';
import styles from './Bell.module.css';
import { CountBadge } from './CountBadge';

export const notificationsPath = '/notifications';

/** The header's bell: the unread notifications, live, and the way to the notifications centre. */
export function Bell() {
  const { counts } = useShell();
  const { notifications } = useStore(counts.state);
  const here = useLocation().pathname === notificationsPath;
  return (
    <Link
      to={notificationsPath}
      className={here ? `${styles.bell} ${styles.current}` : styles.bell}
      aria-current={here ? 'page' : undefined}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Z M10 20a2 2 0 0 0 4 0" />
      </svg>
      <span className={kit.srOnly}>Notifications</span>
      <CountBadge count={notifications} label="unread" className={styles.count} />
    </Link>
  );
}
