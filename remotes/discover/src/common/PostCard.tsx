import type { FeedItem } from '@cove/contracts';
import { errorMessage, formatMoney, timeAgo, useHost, useSession } from '@cove/runtime';
import { Avatar, Button, LockedLabel, Spinner } from '@cove/ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from '@cove/router';
import { audienceLabels } from './post-fields';
import { PostMedia } from './PostMedia';
import { useBuyPost } from './buy-post';
import { useDeletePost } from './delete-post';
import { isShortOfCredits } from './short-of-credits';
import { postGives, readsOn } from './charges';
import { PostEngagement } from './PostEngagement';
import { PostReport } from './PostReport';
import { usePin } from './post-engagement';
import { PostTip } from './PostTip';
import { profilePath } from './profile-path';
import styles from './Posts.module.css';

// What only a post's creator uses loads when they first need it: a fan's feed never downloads it.
const PostEditor = lazy(() => import('./PostEditor').then((m) => ({ default: m.PostEditor })));
const PostStats = lazy(() => import('./PostStats').then((m) => ({ default: m.PostStats })));

/**
 * What a locked post's viewer can do about it: the profile's own Follow and Subscribe, and for a
 * visitor who is not signed in, `buy` in place of unlocking (signing in first).
 */
export interface Unlockers {
  follow(): void;
  subscribe(): void;
  buy?(post: FeedItem): void;
}

function Unlock({ post, unlockers }: { post: FeedItem; unlockers: Unlockers }) {
  const buy = useBuyPost(post);
  const buyError = buy.isError && !isShortOfCredits(buy.error) ? errorMessage(buy.error) : null;
  switch (post.unlock_by) {
    case 'follow':
      return (
        <div className={styles.unlock}>
          <p>
            <LockedLabel>Follow to see this post.</LockedLabel>
          </p>
          <Button onClick={unlockers.follow}>Follow</Button>
        </div>
      );
    case 'subscribe':
      return (
        <div className={styles.unlock}>
          <p>
            <LockedLabel>Subscribe to see this post.</LockedLabel>
          </p>
          <Button onClick={unlockers.subscribe}>Subscribe</Button>
        </div>
      );
    case 'buy':
      return (
        <div className={styles.unlock}>
          <p>Unlock: {postGives(post)}</p>
          <Button
            disabled={buy.isPending}
            onClick={() => (unlockers.buy ? unlockers.buy(post) : void buy.confirmAndBuy())}
          >
            {buy.isPending ? 'Unlocking…' : `Unlock for ${formatMoney(post.price)}`}
          </Button>
          {buyError && <p role="alert">{buyError}</p>}
        </div>
      );
    case 'fan':
      return (
        <div className={styles.unlock}>
          <p>
            <LockedLabel>Send a paid message or tip to see this</LockedLabel>
          </p>
        </div>
      );
    case null:
      return null;
  }
}

/**
 * The creator's Pin or Unpin, Edit and Delete; a refusal (the pin limit, the delete limit with
 * subscribers) shows the server's words.
 */
function OwnerTools({ post, onEdit }: { post: FeedItem; onEdit(): void }) {
  const { popups } = useHost();
  const remove = useDeletePost(post);
  const pin = usePin(post);
  async function confirmDelete() {
    const { outcome } = popups.open({
      kind: 'generic',
      emoji: '🗑️',
      sentence: 'Delete this post? Nobody will see it again.',
      confirmLabel: 'Delete',
    });
    if ((await outcome).action === 'confirm') remove.mutate();
  }
  return (
    <>
      <div className={styles.tools}>
        <Button variant="ghost" disabled={pin.isPending} onClick={() => pin.mutate(!post.pinned)}>
          {post.pinned ? 'Unpin' : 'Pin'}
        </Button>
        <Button variant="ghost" onClick={onEdit}>
          Edit
        </Button>
        <Button variant="ghost" disabled={remove.isPending} onClick={() => void confirmDelete()}>
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </Button>
      </div>
      {(remove.isError || pin.isError) && (
        <p className={styles.error} role="alert">
          {errorMessage(remove.error ?? pin.error)}
        </p>
      )}
    </>
  );
}

/**
 * One post: who and when, its text and media, or what unlocks it; the creator can edit and delete.
 * `opened`: the post the address names (`?post=`, where a payment for it returns): scrolled to and focused.
 * `linkCreator`: the creator's picture and name lead to their profile (lists of many creators' posts).
 */
export function PostCard({
  post,
  own,
  unlockers,
  opened = false,
  linkCreator = false,
}: {
  post: FeedItem;
  own: boolean;
  unlockers: Unlockers;
  opened?: boolean;
  linkCreator?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!opened) return;
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, [opened]);
  const name = post.username ?? 'Creator';
  // Fans tip posts; the server refuses anyone else (docs/rules.md, Tips).
  const { user } = useSession();
  const canTip = !own && user?.type === 'user';
  return (
    <article
      ref={ref}
      tabIndex={opened ? -1 : undefined}
      className={opened ? `${styles.post} ${styles.opened}` : styles.post}
      aria-label={`Post from ${timeAgo(post.created_at) || 'earlier'}`}
    >
      <header className={styles.postHead}>
        {linkCreator ? (
          <Link className={styles.postCreator} to={profilePath(post.model_id)}>
            <Avatar name={name} url={post.avatar_url} size={36} />
            <span className={styles.postName}>{name}</span>
          </Link>
        ) : (
          <Avatar name={name} url={post.avatar_url} size={36} />
        )}
        <div className={styles.postMeta}>
          {!linkCreator && <span className={styles.postName}>{name}</span>}
          <span className={styles.postTime}>
            <time dateTime={post.created_at}>{timeAgo(post.created_at)}</time>
            {own && ` · ${audienceLabels[post.audience]}`}
            {own && post.price > 0 && ` · ${formatMoney(post.price)}`}
          </span>
          {post.pinned && !linkCreator && (
            <span className={styles.pinnedMark}>
              <span aria-hidden="true">📌</span> Pinned
            </span>
          )}
        </div>
      </header>
      {editing ? (
        <Suspense fallback={<Spinner size={25} />}>
          <PostEditor
            post={post}
            onDone={(didSave) => {
              setEditing(false);
              setSaved(didSave);
            }}
          />
        </Suspense>
      ) : post.text ? (
        <p className={styles.text}>{post.text}</p>
      ) : (
        post.teaser && (
          <p className={styles.teaser}>
            {post.teaser}
            {readsOn(post) && <span className={styles.teaserMore}> …unlock to read on</span>}
          </p>
        )
      )}
      <div className={styles.mediaBox}>
        <PostMedia post={post} />
        {!post.unlocked && <Unlock post={post} unlockers={unlockers} />}
      </div>
      <PostEngagement post={post} />
      {own && post.stats && (
        <Suspense fallback={null}>
          <PostStats post={post} stats={post.stats} />
        </Suspense>
      )}
      {canTip && <PostTip post={post} />}
      {user && !own && <PostReport post={post} />}
      {saved && !editing && (
        <p className={styles.saved} role="status">
          Saved
        </p>
      )}
      {own && !editing && (
        <OwnerTools
          post={post}
          onEdit={() => {
            setSaved(false);
            setEditing(true);
          }}
        />
      )}
    </article>
  );
}
