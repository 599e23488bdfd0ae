import { formatBytes, type Uploads } from '@cove/runtime';
import { Button } from '@cove/ui';
import styles from './EditProfile.module.css';

/** The photo on its way: a bar with bytes and Cancel, or why it failed until dismissed. */
export function UploadProgress({ uploads }: { uploads: Uploads }) {
  return uploads.items.map((item) => {
    if (item.error !== null) {
      return (
        <div key={item.key} className={styles.problem} role="alert">
          <p>
            {item.name}: {item.error}
          </p>
          <Button variant="secondary" onClick={() => uploads.dismiss(item.key)}>
            Dismiss
          </Button>
        </div>
      );
    }
    const { phase, loaded, total } = item.progress;
    const percent = total > 0 ? Math.round((loaded / total) * 100) : 0;
    const label = phase === 'preparing' ? `Preparing ${item.name}` : `Uploading ${item.name}`;
    return (
      <div key={item.key} className={styles.progress}>
        <div className={styles.progressHead}>
          <span>
            {label} ({percent}%, {formatBytes(loaded)} of {formatBytes(total)})
          </span>
          <Button
            variant="secondary"
            onClick={() => uploads.cancel(item.key)}
            aria-label={`Cancel ${item.name}`}
          >
            Cancel
          </Button>
        </div>
        <progress max={100} value={percent} aria-label={label} aria-valuetext={`${percent}%`} />
      </div>
    );
  });
}
