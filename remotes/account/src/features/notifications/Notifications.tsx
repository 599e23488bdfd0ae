import type { Notification } from '@cove/contracts';
import { errorMessage, useHost } from '@cove/runtime';
import { Button, EmptyState, PagedView, RowList } from '@cove/ui';
import { useId, useState } from 'react';
import { useNotifications } from './api/get-notifications';
import { useMarkRead } from './api/mark-read';
import { NotificationRow } from './components/NotificationRow';
import styles from './Notifications.module.css';

/**
 * `/notifications`: everything that happened to the person, newest first and live, page by page;
 * opening a record reads it and goes where it points; "Mark all as read" reads every one.
 */
export function Notifications() {
  const headingId = useId();
  const { navigate } = useHost();
  const list = useNotifications();
  const { unread } = list;
  const markRead = useMarkRead();
  const [marking, setMarking] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const markAll = async () => {
    setMarking(true);
    setFailed(null);
    try {
      await markRead('all');
    } catch (err) {
      setFailed(errorMessage(err));
    } finally {
      setMarking(false);
    }
  };
  const open = (n: Notification) => {
    // The read is not waited for: the page it opens is what the person asked for.
    if (!n.read) void markRead([n.id]).catch(() => undefined);
    navigate(n.url);
  };

  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading}>
          {unread > 0 ? `${unread} unread` : 'All caught up'}
        </h2>
        <Button variant="secondary" onClick={() => void markAll()} disabled={unread === 0 || marking}>
          {marking ? 'Marking…' : 'Mark all as read'}
        </Button>
      </div>
      {failed && (
        <p role="alert" className={styles.error}>
          {failed}
        </p>
      )}
      <PagedView
        list={list}
        empty={
          <EmptyState icon="🔔" title="No notifications yet">
            Messages, tips, sales, new followers and news from creators you follow show up here.
          </EmptyState>
        }
      >
        {(items) => (
          <RowList label="Notifications">
            {items.map((n) => (
              <NotificationRow key={n.id} n={n} onOpen={open} />
            ))}
          </RowList>
        )}
      </PagedView>
    </section>
  );
}
