import { formatDuration, formatMoney, priceCapHint, usePriceCap } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { checkPrice, priceText as textOfPrice } from '../model/price';
import type { DraftMessage } from '../model/draft';
import styles from '../AutoMessages.module.css';

interface Props {
  message: DraftMessage;
  index: number;
  count: number;
  onChange(change: Partial<DraftMessage>): void;
  onPriceValid(valid: boolean): void;
  onMove(by: number): void;
  onDelete(): void;
  /** A message just added: its text box takes the focus. */
  focus: boolean;
}

/** A bundle message's items as a strip, with the free preview to choose once it has a price. */
function BundlePreview({
  message,
  n,
  onChange,
}: {
  message: DraftMessage;
  n: number;
  onChange(change: Partial<DraftMessage>): void;
}) {
  const items = message.items ?? [];
  return (
    <ul className={styles.actions} aria-label={`Bundle of message ${n}`}>
      {items.map((item, i) => {
        const kind = item.media?.type === 'video' ? 'Video' : 'Photo';
        const name = `${kind} ${i + 1} of ${items.length}`;
        return (
          <li key={item.media_id} className={styles.thumb}>
            {item.media?.th ? <img src={item.media.th} alt={name} /> : <span aria-label={name}>🖼️</span>}
            {message.price > 0 && (
              <label className={kit.tileBadge}>
                <input
                  type="radio"
                  name={`preview-${message.key}`}
                  checked={item.preview}
                  onChange={() =>
                    onChange({ items: items.map((x) => ({ ...x, preview: x.media_id === item.media_id })) })
                  }
                />
                Free<span className={kit.srOnly}> preview ({name})</span>
              </label>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function MediaPreview({ message }: { message: DraftMessage }) {
  const { media } = message;
  if (!media)
    return (
      <p className={styles.gone}>This photo or video was deleted from your vault and will not be sent.</p>
    );
  const kind = media.type === 'video' ? 'Video' : 'Photo';
  return (
    <div className={styles.thumb}>
      {media.th ? <img src={media.th} alt={kind} /> : <span aria-label={kind}>🖼️</span>}
      {media.status === 'processing' && <span className={kit.tileBadge}>Processing…</span>}
      {media.type === 'video' && media.video_length != null && (
        <span className={kit.tileBadge}>{formatDuration(media.video_length)}</span>
      )}
    </div>
  );
}

/** One message of a category: its text or media, its price, and its place in the order. */
export function MessageCard({
  message: m,
  index,
  count,
  onChange,
  onPriceValid,
  onMove,
  onDelete,
  focus,
}: Props) {
  const n = index + 1;
  const textId = useId();
  const priceId = useId();
  const [priceText, setPriceText] = useState(textOfPrice(m.price));
  // The price the message had when it was shown stays allowed, even above a cap lowered since.
  const [saved] = useState(m.price);
  const cap = usePriceCap();
  const { credits, problem: priceError } = checkPrice(priceText, cap, saved);
  const textBox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focus) textBox.current?.focus();
  }, [focus]);
  const kind =
    m.type === 'text'
      ? 'Text'
      : m.items
        ? `Bundle of ${m.items.length}`
        : m.media?.type === 'video'
          ? 'Video'
          : 'Photo';

  return (
    <li
      className={m.deleting ? `${styles.card} ${styles.deleting}` : styles.card}
      aria-label={`Message ${n}`}
    >
      <div className={styles.cardHead}>
        <strong>
          {n}. {kind}
        </strong>
        {m.saved === null && <span className={styles.tag}>Not saved</span>}
        {m.deleting && (
          <span className={styles.tag} role="status">
            Deleting…
          </span>
        )}
        <span className={styles.grow} />
        <Button
          variant="ghost"
          disabled={index === 0 || m.deleting}
          onClick={() => onMove(-1)}
          aria-label={`Move message ${n} up`}
        >
          ↑
        </Button>
        <Button
          variant="ghost"
          disabled={index === count - 1 || m.deleting}
          onClick={() => onMove(1)}
          aria-label={`Move message ${n} down`}
        >
          ↓
        </Button>
        <Button variant="ghost" disabled={m.deleting} onClick={onDelete} aria-label={`Delete message ${n}`}>
          Delete
        </Button>
      </div>
      {m.type === 'media' &&
        (m.items ? <BundlePreview message={m} n={n} onChange={onChange} /> : <MediaPreview message={m} />)}
      <label className={styles.field} htmlFor={textId}>
        <span>{m.type === 'text' ? `Message ${n} text` : `Caption of message ${n} (optional)`}</span>
        <textarea
          className={kit.compactInput}
          id={textId}
          rows={m.type === 'text' ? 3 : 2}
          value={m.text}
          disabled={m.deleting}
          ref={textBox}
          onChange={(e) => onChange({ text: e.target.value })}
        />
      </label>
      <div className={styles.priceField}>
        <label htmlFor={priceId}>Price of message {n} in dollars</label>
        <span className={styles.money}>
          <span aria-hidden="true">$</span>
          <input
            className={kit.compactInput}
            id={priceId}
            inputMode="decimal"
            placeholder="Free"
            value={priceText}
            disabled={m.deleting}
            aria-invalid={priceError !== null}
            aria-describedby={priceError ? `${priceId}-cap ${priceId}-error` : `${priceId}-cap`}
            onChange={(e) => {
              const text = e.target.value;
              setPriceText(text);
              const { credits: value } = checkPrice(text, cap, saved);
              onPriceValid(value !== null);
              if (value !== null) onChange({ price: value });
            }}
          />
        </span>
        <small id={`${priceId}-cap`} className={kit.hint}>
          {priceCapHint(cap)}
        </small>
      </div>
      {priceError ? (
        <p id={`${priceId}-error`} className={styles.error}>
          {priceError}
        </p>
      ) : (
        credits !== null &&
        credits > 0 && <p className={styles.muted}>Locked until the fan pays {formatMoney(credits)}.</p>
      )}
    </li>
  );
}
