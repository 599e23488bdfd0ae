import { Button } from '@cove/ui';
import styles from '../Home.module.css';

/**
 * The marker for posts that arrived while the fan was reading: stays at the top of the list until
 * tapped. Its region is polite, so a screen reader hears the count as it changes.
 */
export function NewPostsButton({
  count,
  busy,
  onReveal,
}: {
  count: number;
  busy: boolean;
  onReveal(): void;
}) {
  return (
    <div className={styles.marker} aria-live="polite">
      {count > 0 && (
        <Button onClick={onReveal} disabled={busy}>
          {busy ? 'Loading new posts…' : `↑ ${count} new ${count === 1 ? 'post' : 'posts'}`}
        </Button>
      )}
    </div>
  );
}
