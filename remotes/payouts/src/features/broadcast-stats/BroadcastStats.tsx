import type { Broadcast } from '@cove/contracts';
import { formatDate, formatMoney } from '@cove/runtime';
import { ButtonLink, EmptyState, kit, PagedView, Row, RowBody, RowLine, RowList, Section } from '@cove/ui';
import { useBroadcasts } from './api/broadcasts';
import styles from './BroadcastStats.module.css';
import { Funnel } from './components/Funnel';

const statusLabels: Record<Broadcast['status'], string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  canceled: 'Canceled',
  unsent: 'Not sent',
  failed: 'Failed',
};

/** What the broadcast said, in a line: its text, else what it carried. */
function preview(b: Broadcast): string {
  if (b.text.trim()) return b.text;
  return b.type === 'video' ? 'Video' : b.type === 'image' ? 'Photo' : 'Message';
}

function BroadcastRow({ broadcast: b }: { broadcast: Broadcast }) {
  return (
    <Row label={`${preview(b)}, ${statusLabels[b.status]}`}>
      <RowBody>
        <RowLine>
          <span className={styles.text}>{preview(b)}</span>
          <span className={`${styles.status} ${styles[b.status]}`}>{statusLabels[b.status]}</span>
        </RowLine>
        <RowLine>
          <time className={kit.hint} dateTime={b.send_at}>
            {b.status === 'scheduled' ? 'Goes out ' : ''}
            {formatDate(b.send_at)}
          </time>
          <span className={kit.hint}>{b.price > 0 ? `${formatMoney(b.price)} to unlock` : 'Free'}</span>
        </RowLine>
        <Funnel broadcast={b} />
      </RowBody>
    </Row>
  );
}

/** `/account/earnings/broadcasts`: each broadcast with how far it got, newest first, 20 at a time. */
export function BroadcastStats() {
  const list = useBroadcasts();
  return (
    <Section title="Broadcast stats">
      <PagedView
        list={list}
        empty={
          <EmptyState
            icon="📣"
            title="No broadcasts yet"
            actions={<ButtonLink to="/chats">Go to chats</ButtonLink>}
          >
            Send one message to many of your chats from the chat list. Here you see how many read it, bought
            it and what it earned.
          </EmptyState>
        }
      >
        {(items) => (
          <RowList label="Broadcasts">
            {items.map((b) => (
              <BroadcastRow key={b._id} broadcast={b} />
            ))}
          </RowList>
        )}
      </PagedView>
    </Section>
  );
}
