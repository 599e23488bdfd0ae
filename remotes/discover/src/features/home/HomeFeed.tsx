import { ButtonLink, EmptyState, Page, PagedView, SignInGate, useAutoLoad } from '@cove/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { homeFeedKey } from '../../common/post-lists';
import { useHomeFeed } from './api/get-home-feed';
import { HomePost } from './components/HomePost';
import { NewPostsButton } from './components/NewPostsButton';
import { useNewPosts } from './components/use-new-posts';
import styles from './Home.module.css';

function Feed() {
  const client = useQueryClient();
  const feed = useHomeFeed();
  const sentinel = useAutoLoad(feed);
  const newPosts = useNewPosts();
  const [revealing, setRevealing] = useState(false);
  const top = useRef<HTMLElement>(null);
  // New posts come in when asked for, at the top, so nothing moves while the fan reads.
  async function reveal() {
    setRevealing(true);
    try {
      await client.refetchQueries({ queryKey: homeFeedKey });
      newPosts.seen();
      top.current?.scrollIntoView({ block: 'start' });
      top.current?.focus({ preventScroll: true });
    } finally {
      setRevealing(false);
    }
  }
  return (
    <section ref={top} tabIndex={-1} className={styles.feed} aria-label="Posts from creators you follow">
      <NewPostsButton count={newPosts.count} busy={revealing} onReveal={() => void reveal()} />
      <PagedView
        list={feed}
        empty={
          <EmptyState
            icon="🏠"
            title="Nothing here yet"
            actions={<ButtonLink to="/discover">Discover creators</ButtonLink>}
          >
            Posts from creators you follow or subscribe to show up here.
          </EmptyState>
        }
      >
        {(posts) => (
          <div className={styles.list}>
            {posts.map((p) => (
              <HomePost key={p._id} post={p} />
            ))}
            <div ref={sentinel} />
          </div>
        )}
      </PagedView>
    </section>
  );
}

/** `/home`: the fan's home feed, the newest posts of every creator they follow or subscribe to. */
export function HomeFeed() {
  return (
    <Page title="Home">
      <SignInGate
        icon="🏠"
        title="Sign in to see your feed"
        reason="Your home feed shows the posts of creators you follow."
      >
        <Feed />
      </SignInGate>
    </Page>
  );
}
