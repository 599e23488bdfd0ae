import type { Uploads } from '@cove/runtime';
import { Button, UploadProgress } from '@cove/ui';
import styles from '../AutoMessages.module.css';

/**
 * Local copies of files on their way, after the saved messages: progress with bytes and Cancel
 * (which removes the copy), or the failure with Remove.
 */
export function UploadRows({ uploads, first }: { uploads: Uploads; first: number }) {
  return uploads.items.map((item, i) =>
    item.error === null ? (
      <li key={item.key} className={styles.card} aria-label={`Message ${first + i}`}>
        <UploadProgress item={item} lead={`${first + i}. `} onCancel={() => uploads.cancel(item.key)} />
      </li>
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
