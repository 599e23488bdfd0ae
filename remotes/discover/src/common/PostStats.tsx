import { type FeedItem, type PostStats as Stats, postStatsEnvelope } from '@cove/contracts';
import { formatMoney, useHost, useServerEvent } from '@cove/runtime';
import { updatePagedItems } from '@cove/runtime/query';
import { Button } from '@cove/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { postLists } from './post-lists';
import posts from './Posts.module.css';
import styles from './PostStats.module.css';

const statsKey = (postId: string) => ['post-stats', postId] as const;

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

/**
 * The creator's numbers for one post (docs/rules.md, Post statistics) under it, and a view of them
 * read fresh from `GET /v1/feed/{id}/stats`; both move as `post_stats` events come in.
 */
export function PostStats({ post, stats: listed }: { post: FeedItem; stats: Stats }) {
  const { api } = useHost();
  const client = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const fresh = useQuery({
    queryKey: statsKey(post._id),
    queryFn: () => api.get(`/v1/feed/${encodeURIComponent(post._id)}/stats`, { schema: postStatsEnvelope }),
    enabled: open,
  });
  useServerEvent('post_stats', (event) => {
    if (event.feed_id !== post._id) return;
    const stats = { views: event.views, likes: event.likes, unlocks: event.unlocks, revenue: event.revenue };
    updatePagedItems<FeedItem>(client, postLists, (items) =>
      items.map((p) => (p._id === post._id ? { ...p, stats } : p)),
    );
    client.setQueryData(statsKey(post._id), { data: { feed_id: post._id, ...stats } });
  });
  const stats = fresh.data?.data ?? listed;
  // Likes move with the post itself (`post_engagement`), which is always the newest count.
  const likes = post.like_count;
  return (
    <div className={styles.stats}>
      <p className={styles.statsLine} aria-label="Post statistics">
        <span>{plural(stats.views, 'view')}</span>
        <span>{plural(likes, 'like')}</span>
        <span>{plural(stats.unlocks, 'unlock')}</span>
        <span>{formatMoney(stats.revenue)} earned</span>
        <Button variant="ghost" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? 'Hide statistics' : 'Statistics'}
        </Button>
      </p>
      {open && (
        <section id={id} className={styles.statsView} aria-label="Statistics for this post">
          {fresh.isError ? (
            <p role="alert">The statistics could not be loaded.</p>
          ) : (
            <dl>
              <div>
                <dt>Views</dt>
                <dd>{stats.views.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt>Likes</dt>
                <dd>{likes.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt>Unlocks</dt>
                <dd>{stats.unlocks.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt>Revenue</dt>
                <dd>{formatMoney(stats.revenue)}</dd>
              </div>
            </dl>
          )}
          <p className={posts.note}>
            A view is one signed-in person shown this post, counted once. Revenue is your share of its unlocks
            and tips.
          </p>
        </section>
      )}
    </div>
  );
}
