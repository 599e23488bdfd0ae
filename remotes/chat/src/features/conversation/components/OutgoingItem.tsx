import { bundleContents, formatMoney } from '@cove/runtime';
import { Button } from '@cove/ui';
import { useEffect, useMemo } from 'react';
import type { Outgoing } from '../model/message-delivery';
import styles from './Thread.module.css';

const groupLabel: Record<Outgoing['status'], string> = {
  uploading: 'Sending',
  sending: 'Sending',
  waiting: 'Waiting to send',
  failed: 'Not sent',
};

/** The local copy of a file, for as long as the message shows it. */
function usePreview(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

/**
 * A message on its way: pending (with upload progress and cancel), waiting for the connection (not an
 * error: it goes by itself), or failed with why and a retry.
 */
export function OutgoingItem({
  item,
  onRetry,
  onDiscard,
}: {
  item: Outgoing;
  onRetry(): void;
  onDiscard(): void;
}) {
  const preview = usePreview(item.file);
  const kind = item.draft.type === 'video' ? 'video' : 'photo';
  const bundle = item.bundle;
  const step = item.bundleProgress;
  const progress = step ? step.bytes : item.progress;
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const what = step ? `item ${step.index} of ${step.count}` : kind;
  return (
    <li
      className={`${styles.message} ${styles.mine} ${styles.pending}`}
      aria-busy={item.status === 'uploading' || item.status === 'sending'}
    >
      <div className={styles.bubble} role="group" aria-label={groupLabel[item.status]}>
        {preview && (
          <div className={styles.media}>
            {item.draft.type === 'video' ? (
              <video className={styles.mediaItem} src={preview} muted>
                <track kind="captions" />
              </video>
            ) : (
              <img className={styles.mediaItem} src={preview} alt={`Your ${kind}`} />
            )}
            {item.draft.price > 0 && (
              <span className={styles.priceTag}>Paid · {formatMoney(item.draft.price)}</span>
            )}
          </div>
        )}
        {bundle && (
          <p className={styles.text}>
            {bundleContents(bundle.map((slot) => ({ type: slot.kind, video_length: null })))}
            {item.draft.price > 0 && ` · Paid · ${formatMoney(item.draft.price)}`}
          </p>
        )}
        {item.draft.type === 'gif' && item.draft.gif_url && (
          <img className={styles.gif} src={item.draft.gif_url} alt="GIF" />
        )}
        {item.draft.text && <p className={styles.text}>{item.draft.text}</p>}
        {item.status === 'uploading' && (
          <div className={styles.progress}>
            <progress
              max={100}
              value={percent}
              aria-label={`${progress?.phase === 'uploading' ? 'Uploading' : 'Preparing'} ${what}`}
            />
            <span>{percent}%</span>
            <button type="button" className={styles.action} onClick={onDiscard}>
              Cancel
            </button>
          </div>
        )}
      </div>
      <div className={styles.meta}>
        {item.status === 'failed' ? (
          <span className={styles.failed} role="alert">
            {item.error ?? 'Not sent.'}{' '}
            <Button variant="ghost" onClick={onRetry}>
              Retry
            </Button>
            <Button variant="ghost" onClick={onDiscard}>
              Discard
            </Button>
          </span>
        ) : item.status === 'waiting' ? (
          <span className={styles.waiting}>
            Waiting to send{' '}
            <Button variant="ghost" onClick={onDiscard}>
              Discard
            </Button>
          </span>
        ) : (
          <span>{item.status === 'uploading' ? 'Uploading…' : 'Sending…'}</span>
        )}
      </div>
    </li>
  );
}
