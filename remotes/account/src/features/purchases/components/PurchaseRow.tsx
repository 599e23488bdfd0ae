import type { Purchase } from '@cove/contracts';
import { formatDate, formatMoney } from '@cove/runtime';
import { Row, RowBody, RowLine } from '@cove/ui';
import { Link } from 'react-router-dom';
import styles from '../Purchases.module.css';

/** What the bought message was, in a line: its text, else what kind of media it holds. */
function previewText(purchase: Purchase): string {
  const m = purchase.message;
  if (!m) return 'This message is no longer available.';
  if (m.text.trim()) return m.text;
  if (m.media?.type === 'video' || m.type === 'video') return 'Video';
  if (m.media || m.type === 'image') return 'Photo';
  return 'Paid message';
}

export function PurchaseRow({ purchase }: { purchase: Purchase }) {
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
