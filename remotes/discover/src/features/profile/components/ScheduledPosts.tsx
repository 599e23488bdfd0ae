import type { FeedItem } from '@cove/contracts';
import { errorMessage, formatMoney, useHost, useServerEvent } from '@cove/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { Button, kit } from '@cove/ui';
import { useId, useState } from 'react';
import { mediaCountLabel } from '../../../common/media-count';
import {
  formatScheduled,
  fromLocalInput,
  scheduleProblem,
  scheduleRange,
  toLocalInput,
} from '../../../common/schedule-time';
import { scheduledKey, useScheduled, useScheduledActions } from '../api/scheduled';
import postStyles from '../../../common/Posts.module.css';
import styles from './ScheduledPosts.module.css';

/** One scheduled post: what it holds and when it comes out, with a new time, Publish now and Delete. */
function ScheduledPost({ post }: { post: FeedItem }) {
  const id = useId();
  const { popups } = useHost();
  const { reschedule, publish, remove } = useScheduledActions(post);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(() => toLocalInput(new Date(post.scheduled_for ?? Date.now())));
  const problem = scheduleProblem(value);
  const failed = [reschedule, publish, remove].find((m) => m.isError)?.error;
  const busy = reschedule.isPending || publish.isPending || remove.isPending;
  async function confirmDelete() {
    const { outcome } = popups.open({
      kind: 'generic',
      emoji: '🗑️',
      sentence: 'Delete this scheduled post? It will not be published.',
      confirmLabel: 'Delete',
    });
    if ((await outcome).action === 'confirm') remove.mutate();
  }
  const held = post.media_count ? mediaCountLabel(post.media_count) : '';
  return (
    <li
      className={styles.scheduledItem}
      aria-label={`Scheduled for ${formatScheduled(post.scheduled_for ?? '')}`}
    >
      <p className={styles.scheduledTime}>
        <time dateTime={post.scheduled_for}>{formatScheduled(post.scheduled_for ?? '')}</time>
        {post.price > 0 && ` · ${formatMoney(post.price)}`}
      </p>
      {post.text && <p className={postStyles.text}>{post.text}</p>}
      {held && <p className={postStyles.mediaCount}>{held}</p>}
      {editing ? (
        <form
          className={postStyles.row}
          onSubmit={(e) => {
            e.preventDefault();
            const at = fromLocalInput(value);
            if (problem || !at) return;
            reschedule.mutate(at, { onSuccess: () => setEditing(false) });
          }}
        >
          <label className={postStyles.field}>
            <span>New time</span>
            <input
              type="datetime-local"
              value={value}
              {...scheduleRange()}
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(e) => setValue(e.target.value)}
            />
          </label>
          <Button type="submit" disabled={problem !== null || busy}>
            Save time
          </Button>
          <Button variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          {problem && (
            <p id={`${id}-problem`} className={postStyles.error}>
              {problem}
            </p>
          )}
        </form>
      ) : (
        <div className={postStyles.tools}>
          <Button variant="ghost" disabled={busy} onClick={() => setEditing(true)}>
            Change time
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => publish.mutate()}>
            {publish.isPending ? 'Publishing…' : 'Publish now'}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => void confirmDelete()}>
            Delete
          </Button>
        </div>
      )}
      {failed && (
        <p className={postStyles.error} role="alert">
          {errorMessage(failed)}
        </p>
      )}
    </li>
  );
}

/**
 * The creator's posts waiting for their time: shown on their own profile only, when there are any.
 * A post coming out (`new_feed` for the creator's own posts) leaves the list as it happens.
 */
export function ScheduledPosts({ creatorId }: { creatorId: string }) {
  const client = useQueryClient();
  const scheduled = useScheduled(true);
  useServerEvent('new_feed', (event) => {
    if (event.model_id === creatorId) void client.invalidateQueries({ queryKey: scheduledKey });
  });
  const posts = scheduled.data?.data ?? [];
  if (scheduled.isError)
    return (
      <p className={postStyles.error} role="alert">
        Your scheduled posts could not be loaded.{' '}
        <Button variant="ghost" onClick={() => void scheduled.refetch()}>
          Try again
        </Button>
      </p>
    );
  if (posts.length === 0) return null;
  return (
    <section className={`${kit.panel} ${styles.scheduled}`} aria-labelledby="scheduled-heading">
      <h2 id="scheduled-heading" className={styles.scheduledHeading}>
        Scheduled ({posts.length})
      </h2>
      <p className={postStyles.note}>Only you see these until their time comes.</p>
      <ul className={styles.scheduledList}>
        {posts.map((p) => (
          <ScheduledPost key={p._id} post={p} />
        ))}
      </ul>
    </section>
  );
}
