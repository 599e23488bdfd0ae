import { formatBytes, type UploadItem, type Uploads } from '@cove/runtime';
import { Button } from '@cove/ui';
import styles from './AutoMessages.module.css';

/**
 * Local copies of files on their way, after the saved messages: progress with bytes and Cancel
 * (which removes the copy), or the failure with Remove.
 */
export function UploadRows({ uploads, first }: { uploads: Uploads; first: number }) {
  return uploads.items.map((item, i) =>
    item.error === null ? (
      <Uploading key={item.key} item={item} n={first + i} onCancel={() => uploads.cancel(item.key)} />
    ) : (
      <li key={item.key} className={`${styles.card} ${styles.failed}`} aria-label={`Message ${first + i}`}>
        <div role="alert">
          <strong>Upload error</strong>
          <p className={styles.muted}>
            {item.name}: {item.error}
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => uploads.dismiss(item.key)}
          aria-label={`Remove ${item.name}`}
        >
          Remove
        </Button>
      </li>
    ),
  );
}

function Uploading({ item, n, onCancel }: { item: UploadItem; n: number; onCancel(): void }) {
  const { phase, loaded, total } = item.progress;
  const percent = total > 0 ? Math.round((loaded / total) * 100) : 0;
  const label = phase === 'preparing' ? `Preparing ${item.name}` : `Uploading ${item.name}`;
  return (
    <li className={styles.card} aria-label={`Message ${n}`}>
      <div className={styles.cardHead}>
        <strong>
          {n}. {label} ({percent}%)
        </strong>
        <span className={styles.grow} />
        <span className={styles.muted}>
          {formatBytes(loaded)} of {formatBytes(total)}
        </span>
        <Button variant="secondary" onClick={onCancel} aria-label={`Cancel ${item.name}`}>
          Cancel
        </Button>
      </div>
      <progress max={100} value={percent} aria-label={label} aria-valuetext={`${percent}%`} />
    </li>
  );
}
