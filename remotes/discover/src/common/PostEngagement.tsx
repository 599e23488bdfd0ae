import type { FeedItem } from '@cove/contracts';
import { errorMessage, useSession } from '@cove/runtime';
import { Button, Spinner } from '@cove/ui';
import { lazy, Suspense, useId, useState } from 'react';
import { useLike, usePostEngagementEvents } from './post-engagement';
import posts from './Posts.module.css';
import styles from './PostEngagement.module.css';

/** Comments load when someone first opens them: most readers of a feed never do. */
const PostComments = lazy(() => import('./PostComments').then((m) => ({ default: m.PostComments })));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A post's likes and comments. Someone signed in who sees the post whole likes it (a toggle,
 * `aria-pressed`) and opens its comments; anyone else (a locked post, a visitor who is not signed in)
 * sees the counts only. The counts are live (`post_engagement`).
 */
export function PostEngagement({ post }: { post: FeedItem }) {
  const { user } = useSession();
  usePostEngagementEvents(post._id);
  const like = useLike(post);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!user || !post.unlocked) {
    return (
      <p className={styles.counts}>
        {plural(post.like_count, 'like', 'likes')} · {plural(post.comment_count, 'comment', 'comments')}
      </p>
    );
  }
  return (
    <div className={styles.engagement}>
      <div className={styles.engageBar}>
        <Button
          variant="ghost"
          aria-pressed={post.liked}
          className={post.liked ? styles.liked : undefined}
          onClick={() => like.mutate(!post.liked)}
        >
          <span aria-hidden="true">{post.liked ? '♥' : '♡'}</span> Like{' '}
          <span className={styles.count}>{post.like_count}</span>
        </Button>
        <Button variant="ghost" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          <span aria-hidden="true">💬</span> Comments{' '}
          <span className={styles.count}>{post.comment_count}</span>
        </Button>
      </div>
      {like.isError && (
        <p className={posts.error} role="alert">
          {errorMessage(like.error)}
        </p>
      )}
      {open && (
        <Suspense fallback={<Spinner size={25} />}>
          <PostComments post={post} id={panelId} />
        </Suspense>
      )}
    </div>
  );
}
