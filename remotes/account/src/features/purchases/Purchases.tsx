import { purchasesPage, type Purchase } from '@cove/contracts';
import { formatDate, formatMoney, useHost } from '@cove/runtime';
import { usePagedList } from '@cove/runtime/query';
import { ButtonLink, EmptyState, LoadMore, RequestView, Row, RowBody, RowLine, RowList } from '@cove/ui';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import styles from './Purchases.module.css';

/** What the bought message was, in a line: its text, else what kind of media it holds. */
function previewText(purchase: Purchase): string {
  const m = purchase.message;
  if (!m) return 'This message is no longer available.';
  if (m.text.trim()) return m.text;
  if (m.media?.type === 'video' || m.type === 'video') return 'Video';
  if (m.media || m.type === 'image') return 'Photo';
  return 'Paid message';
}

function PurchaseRow({ purchase }: { purchase: Purchase }) {
  const name = purchase.creator.username ?? 'A creator';
  const thumb = purchase.message?.media?.th ?? null;
  const text = previewText(purchase);
  const kind = purchase.message?.media?.type === 'video' ? 'Video' : 'Photo';
  // Beside a thumbnail, only a caption the message has; without one, what the message was.
  const caption = thumb ? (purchase.message?.text.trim() ?? '') : text;
  return (
    <Row label={`${name}, ${formatMoney(purchase.price)}`}>
      <div className={styles.preview}>
        {thumb ? (
          <img className={styles.thumb} src={thumb} alt={`${kind} from ${name}`} />
        ) : (
          <span className={styles.placeholder} aria-hidden="true">
            🔓
          </span>
        )}
      </div>
      <RowBody>
        <RowLine>
          <span className={styles.creator}>{name}</span>
          <span className={styles.price}>{formatMoney(purchase.price)}</span>
        </RowLine>
        {caption && <p className={styles.text}>{caption}</p>}
        <RowLine>
          <time className={styles.date} dateTime={purchase.bought_at}>
            {formatDate(purchase.bought_at)}
          </time>
          <Link
            className={styles.open}
            to={`/chats/${encodeURIComponent(purchase.creator._id)}`}
            aria-label={`Open chat with ${name}`}
          >
            Open chat
          </Link>
        </RowLine>
      </RowBody>
    </Row>
  );
}

/** `/account/purchases`: the paid messages the fan bought, newest first, page by page. */
export function Purchases() {
  const { api } = useHost();
  const headingId = useId();
  const list = usePagedList<Purchase>({
    queryKey: ['purchases'],
    fetchPage: (url, signal) =>
      api.get(url ?? '/v1/message/paid', {
        query: url ? {} : { limit: 20, offset: 0 },
        schema: purchasesPage,
        signal,
      }),
    itemKey: (p) => p.message_id,
  });

  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Purchases
      </h2>
      <RequestView state={list.state} retry={list.retry}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState
              icon="🧾"
              title="You haven't bought anything yet"
              actions={<ButtonLink to="/chats">Go to chats</ButtonLink>}
            >
              Paid messages you unlock in chats are listed here.
            </EmptyState>
          ) : (
            <>
              <RowList label="Purchases">
                {items.map((p) => (
                  <PurchaseRow key={p.message_id} purchase={p} />
                ))}
              </RowList>
              <LoadMore list={list} />
            </>
          )
        }
      </RequestView>
    </section>
  );
}
