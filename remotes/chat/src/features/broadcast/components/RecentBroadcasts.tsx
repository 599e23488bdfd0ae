import type { Broadcast } from '@cove/contracts';
import { bundleContents, errorMessage, formatMoney, messageTime, useHost } from '@cove/runtime';
import { Button, EmptyState, kit, LoadMore, RequestView } from '@cove/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { cancelBroadcast } from '../api/cancel-broadcast';
import { broadcastsKey, useBroadcasts } from '../api/get-broadcasts';
import { unsendBroadcast } from '../api/unsend-broadcast';
import { audienceLine } from '../model/audience';
import styles from './Broadcast.module.css';

const statusLabels: Record<Broadcast['status'], string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  canceled: 'Canceled',
  unsent: 'Unsent',
  failed: 'Failed',
};

/**
 * The creator's broadcasts, newest first, with their funnels, Cancel (scheduled) and Unsend (sent, or
 * failed: the chats it reached have it).
 */
export function RecentBroadcasts() {
  const { api } = useHost();
  const headingId = useId();
  const list = useBroadcasts(api);
  return (
    <section className={kit.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.legend}>
        Recent broadcasts
      </h2>
      <RequestView state={list.state} retry={list.retry}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState icon="📣" title="No broadcasts yet">
              Broadcasts you send or schedule show up here with how they did.
            </EmptyState>
          ) : (
            <>
              <ul className={styles.recent} aria-label="Recent broadcasts">
                {items.map((b) => (
                  <BroadcastRow key={b._id} broadcast={b} />
                ))}
              </ul>
              <LoadMore list={list} />
            </>
          )
        }
      </RequestView>
    </section>
  );
}

function summary(b: Broadcast): string {
  const what = b.media_items
    ? `Bundle of ${bundleContents(b.media_items)}`
    : b.type === 'text'
      ? 'Text'
      : b.type === 'video'
        ? 'Video'
        : 'Photo';
  return b.text ? `${what}: ${b.text}` : what;
}

function BroadcastRow({ broadcast: b }: { broadcast: Broadcast }) {
  const { api, popups } = useHost();
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: broadcastsKey });
  const cancel = useMutation({ mutationFn: () => cancelBroadcast(api, b._id), onSuccess: refresh });
  const unsend = useMutation({ mutationFn: () => unsendBroadcast(api, b._id), onSuccess: refresh });
  const failed = cancel.error ?? unsend.error;

  const confirmUnsend = async () => {
    const { outcome } = popups.open({
      kind: 'generic',
      emoji: '↩️',
      sentence:
        'Unsend this broadcast? It is removed from every chat where nobody bought it; buyers keep theirs.',
      confirmLabel: 'Unsend',
    });
    if ((await outcome).action === 'confirm') unsend.mutate();
  };

  const when =
    b.status === 'scheduled' ? `for ${new Date(b.send_at).toLocaleString()}` : messageTime(b.send_at);
  return (
    <li className={styles.recentRow} aria-label={summary(b)}>
      <div className={styles.actions}>
        <span className={styles.grow}>
          <strong className={styles[b.status]}>{statusLabels[b.status]}</strong>{' '}
          <span className={styles.muted}>{when}</span>
        </span>
        {b.status === 'scheduled' && (
          <Button variant="secondary" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? 'Canceling…' : 'Cancel'}
          </Button>
        )}
        {(b.status === 'sent' || b.status === 'failed') && (
          <Button variant="secondary" disabled={unsend.isPending} onClick={() => void confirmUnsend()}>
            {unsend.isPending ? 'Unsending…' : 'Unsend'}
          </Button>
        )}
      </div>
      <p className={styles.summary}>
        {summary(b)}
        {b.price > 0 && <span className={styles.muted}> · {formatMoney(b.price)}</span>}
        {b.self_destruct && <span className={styles.muted}> · self-destructs</span>}
      </p>
      <p className={styles.muted}>To {audienceLine(b)}</p>
      {b.status !== 'scheduled' && b.status !== 'canceled' && (
        <dl className={styles.funnel} aria-label="Funnel">
          <div>
            <dt>Sent</dt>
            <dd>{b.sent}</dd>
          </div>
          <div>
            <dt>Viewed</dt>
            <dd>{b.viewed}</dd>
          </div>
          <div>
            <dt>Bought</dt>
            <dd>{b.bought}</dd>
          </div>
          <div>
            <dt>Revenue</dt>
            <dd>{formatMoney(b.revenue)}</dd>
          </div>
        </dl>
      )}
      {failed && (
        <p className={styles.problem} role="alert">
          {errorMessage(failed)}
        </p>
      )}
    </li>
  );
}
