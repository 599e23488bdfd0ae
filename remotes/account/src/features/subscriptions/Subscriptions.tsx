import { errorMessage, useHost } from '@cove/runtime';
import { Button, ButtonLink, EmptyState, PagedView, RowList } from '@cove/ui';
import { useId, useState } from 'react';
import { useCancelSubscriptions } from './api/cancel-subscriptions';
import { useSubscriptions } from './api/subscriptions';
import { SubscriptionRow } from './components/SubscriptionRow';
import styles from './Subscriptions.module.css';

/**
 * `/account/subscriptions`: the creators the person subscribes to, page by page, and the spec's
 * "Manage subscriptions": Edit toggles edit mode (clearing the selection), rows are selected by the
 * creator's id, Select all picks the active ones, and a confirmed cancel leaves edit mode.
 */
export function Subscriptions() {
  const { popups } = useHost();
  const headingId = useId();
  const list = useSubscriptions();
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const cancel = useCancelSubscriptions(() => {
    setEditing(false);
    setSelected(new Set());
  });
  const items = list.state.status === 'fetched' ? list.state.data : [];

  function toggleEditing() {
    setEditing((e) => !e);
    setSelected(new Set());
    cancel.reset();
  }

  function toggle(userId: string) {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });
  }

  async function cancelSelected() {
    const ids = [...selected];
    if (ids.length === 0) return;
    const { outcome } = popups.open({
      kind: 'generic',
      emoji: '⭐',
      sentence:
        ids.length === 1
          ? 'Cancel this subscription? It will not renew, and you keep access until the end of the month you paid for.'
          : `Cancel ${ids.length} subscriptions? They will not renew, and you keep access until the end of each month you paid for.`,
      confirmLabel: 'Cancel subscriptions',
    });
    if ((await outcome).action === 'confirm') cancel.mutate(ids);
  }

  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          Subscriptions
        </h2>
        {items.length > 0 && (
          <Button variant="secondary" aria-pressed={editing} onClick={toggleEditing}>
            {editing ? 'Done' : 'Edit'}
          </Button>
        )}
      </div>
      {editing && (
        <div className={styles.toolbar} role="toolbar" aria-label="Manage subscriptions">
          <Button
            variant="secondary"
            onClick={() =>
              setSelected(new Set(items.filter((s) => s.status === 'active').map((s) => s.user._id)))
            }
          >
            Select all
          </Button>
          <Button
            variant="danger"
            disabled={selected.size === 0 || cancel.isPending}
            onClick={() => void cancelSelected()}
          >
            {cancel.isPending ? 'Canceling…' : `Cancel subscriptions (${selected.size})`}
          </Button>
        </div>
      )}
      {cancel.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(cancel.error)}
        </p>
      )}
      {cancel.isSuccess && (
        <p className={styles.notice} role="status">
          {cancel.data.canceled === 1
            ? 'Canceled 1 subscription'
            : `Canceled ${cancel.data.canceled} subscriptions`}
        </p>
      )}
      <PagedView
        list={list}
        empty={
          <EmptyState
            icon="⭐"
            title="You have no subscriptions"
            actions={<ButtonLink to="/discover">Discover creators</ButtonLink>}
          >
            Subscribe to a creator to see everything they post for subscribers.
          </EmptyState>
        }
      >
        {(subscriptions) => (
          <RowList label="Your subscriptions">
            {subscriptions.map((s) => (
              <SubscriptionRow
                key={s._id}
                subscription={s}
                editing={editing}
                selected={selected.has(s.user._id)}
                onToggle={() => toggle(s.user._id)}
              />
            ))}
          </RowList>
        )}
      </PagedView>
    </section>
  );
}
