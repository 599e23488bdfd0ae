import { formatBytes, type UploadItem, type Uploads } from '@cove/runtime';
import { Button } from './Button';
import styles from './UploadQueue.module.css';

/** Files on their way, each with its progress and Cancel, and the ones that failed until dismissed. */
export function UploadQueue({ uploads }: { uploads: Uploads }) {
  return uploads.items.map((item) =>
    item.error === null ? (
      <UploadProgress key={item.key} item={item} onCancel={() => uploads.cancel(item.key)} />
    ) : (
      <div key={item.key} className={styles.problem} role="alert">
        <strong>Upload error</strong>
        <p>
          {item.name}: {item.error}
        </p>
        <Button variant="secondary" onClick={() => uploads.dismiss(item.key)}>
          Dismiss
        </Button>
      </div>
    ),
  );
}

/** One file on its way: how far it is (after `lead`, a number say), the bytes sent, Cancel, and a bar. */
export function UploadProgress({
  item,
  onCancel,
  lead = '',
}: {
  item: UploadItem;
  onCancel(): void;
  lead?: string;
}) {
  const { phase, loaded, total } = item.progress;
  const percent = total > 0 ? Math.round((loaded / total) * 100) : 0;
  const label = phase === 'preparing' ? `Preparing ${item.name}` : `Uploading ${item.name}`;
  return (
    <div className={styles.progress}>
      <div className={styles.head}>
        <span>
          {lead}
          {label} ({percent}%)
        </span>
        <span className={styles.bytes}>
          {formatBytes(loaded)} of {formatBytes(total)}
        </span>
        <Button variant="secondary" onClick={onCancel} aria-label={`Cancel ${item.name}`}>
          Cancel
        </Button>
      </div>
      <progress max={100} value={percent} aria-label={label} aria-valuetext={`${percent}%`} />
    </div>
  );
}
