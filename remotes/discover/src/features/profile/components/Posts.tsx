import type { FeedItem } from '@cove/contracts';
import { useServerEvent } from '@cove/runtime';
import { EmptyState, LoadMore, RequestView, Tabs, useAutoLoad } from '@cove/ui';
import { useQueryClient } from '@tanstack/react-query';
import { PostCard, type Unlockers } from '../../../common/PostCard';
import { PostMedia } from '../../../common/PostMedia';
import { postsKey } from '../../../common/post-lists';
import { useOpenedPost } from '../api/opened-post';
import { usePosts, type PostsTab } from '../api/posts';
import { OpenedPost } from './OpenedPost';
import { profilePath } from '../../../common/profile-path';
import styles from '../../../common/Posts.module.css';

const tabLabels: Record<PostsTab, string> = { all: 'Feed', image: 'Photos', video: 'Videos' };
const emptyTexts: Record<PostsTab, string> = {
  all: 'No posts yet',
  image: 'No photos yet',
  video: 'No videos yet',
};

export const parsePostsTab = (value: string | null): PostsTab =>
  value === 'photos' ? 'image' : value === 'videos' ? 'video' : 'all';

/** A post of the creator's own still on its way: shown first until the server's copy replaces it. */
function PendingPost({ post }: { post: FeedItem }) {
  return (
    <article className={`${styles.post} ${styles.pending}`} aria-label="Post being published">
      {post.text && <p className={styles.text}>{post.text}</p>}
      <div className={styles.mediaBox}>
        <PostMedia post={post} />
      </div>
      <p className={styles.postTime} role="status">
        Posting…
      </p>
    </article>
  );
}

/** The profile's Feed, Photos and Videos tabs: `GET /v1/feed?model_id=` page by page, live on new posts. */
export function Posts({
  creatorId,
  tab,
  own,
  pending,
  unlockers,
  opened,
}: {
  creatorId: string;
  tab: PostsTab;
  own: boolean;
  pending: readonly FeedItem[];
  unlockers: Unlockers;
  /** The post the address names (`?post=`), opened in place. */
  opened: string | null;
}) {
  const client = useQueryClient();
  const posts = usePosts(creatorId, tab);
  const sentinel = useAutoLoad(posts);
  const loaded = posts.state.status === 'fetched' ? posts.state.data : null;
  // A post further down than the pages read so far is read on its own and shown first.
  const openedMissing =
    tab === 'all' && opened !== null && loaded !== null && !loaded.some((p) => p._id === opened);
  const openedPost = useOpenedPost(creatorId, opened, openedMissing);
  useServerEvent('new_feed', (event) => {
    if (event.model_id === creatorId) void client.invalidateQueries({ queryKey: postsKey(creatorId) });
  });
  const base = profilePath(creatorId);
  const tabs = (Object.keys(tabLabels) as PostsTab[]).map((t) => ({
    to: t === 'all' ? base : `${base}?tab=${t === 'image' ? 'photos' : 'videos'}`,
    label: tabLabels[t],
    current: t === tab,
  }));
  const shownPending = tab === 'all' ? pending : [];
  return (
    <section className={styles.posts} aria-label="Posts">
      <Tabs label="Posts" items={tabs} />
      <RequestView state={posts.state} retry={posts.retry}>
        {(items) =>
          items.length === 0 && shownPending.length === 0 && !openedMissing ? (
            <EmptyState icon="📝" title={emptyTexts[tab]}>
              {own ? 'What you post shows here.' : 'Follow to hear when something new is posted.'}
            </EmptyState>
          ) : (
            <>
              <div className={styles.list}>
                {shownPending.map((p) => (
                  <PendingPost key={p._id} post={p} />
                ))}
                {openedMissing && <OpenedPost post={openedPost} own={own} unlockers={unlockers} />}
                {items.map((p) => (
                  <PostCard key={p._id} post={p} own={own} unlockers={unlockers} opened={p._id === opened} />
                ))}
              </div>
              <div ref={sentinel} />
              <LoadMore list={posts} />
            </>
          )
        }
      </RequestView>
    </section>
  );
}
