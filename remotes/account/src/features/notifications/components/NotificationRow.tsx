import { type Notification, notificationText } from '@cove/contracts';
import { timeAgo } from '@cove/runtime';
import { Avatar, kit } from '@cove/ui';
import { kindIcon } from '../model/kind-icon';
import styles from '../Notifications.module.css';

/**
 * One record: who (or Cove's icon) with its kind's icon, its one wording, how long ago, and "New"
 * while unread (in words and weight, not colour alone). Opening it is the caller's `onOpen`.
 */
export function NotificationRow({ n, onOpen }: { n: Notification; onOpen(n: Notification): void }) {
  const { title, body } = notificationText(n);
  return (
    <li className={styles.item}>
      <button
        type="button"
        className={n.read ? styles.row : `${styles.row} ${styles.unread}`}
        onClick={() => onOpen(n)}
      >
        <span className={styles.lead} aria-hidden="true">
          {n.actor ? (
            <>
              <Avatar name={n.actor.username ?? '?'} url={n.actor.avatar_url} size={44} />
              <span className={styles.kindBadge}>{kindIcon[n.kind]}</span>
            </>
          ) : (
            <span className={styles.kindAlone}>{kindIcon[n.kind]}</span>
          )}
        </span>
        <span className={styles.text}>
          <span className={styles.title}>{title}</span>
          <span className={styles.body}>{body}</span>
          <time className={styles.time} dateTime={n.created_at}>
            {timeAgo(n.created_at)}
          </time>
        </span>
        {!n.read && (
          <span className={styles.badge}>
            New<span className={kit.srOnly}>, unread</span>
          </span>
        )}
      </button>
    </li>
  );
}
