import { formatBytes, type UploadItem, type Uploads } from '@cove/runtime';
import { Button } from '@cove/ui';
import styles from './Vault.module.css';

/** Files on their way: a bar with bytes and a Cancel button each, and failures until dismissed. */
export function UploadQueue({ uploads }: { uploads: Uploads }) {
  return uploads.items.map((item) =>
    item.error === null ? (
      <UploadRow key={item.key} item={item} onCancel={() => uploads.cancel(item.key)} />
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

function UploadRow({ item, onCancel }: { item: UploadItem; onCancel(): void }) {
  const { phase, loaded, total } = item.progress;
  const percent = total > 0 ? Math.round((loaded / total) * 100) : 0;
  const label = phase === 'preparing' ? `Preparing ${item.name}` : `Uploading ${item.name}`;
  return (
    <div className={styles.progress}>
      <div className={styles.progressHead}>
        <span>
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
