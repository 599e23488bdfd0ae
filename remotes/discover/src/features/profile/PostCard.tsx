import { feedBuyResponse, type FeedItem } from '@cove/contracts';
import { errorMessage, formatMoney, isApiError, timeAgo, useHost } from '@cove/runtime';
import { Avatar, Button } from '@cove/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { audienceLabels } from './post-fields';
import { PostEditor } from './PostEditor';
import { PostMedia } from './PostMedia';
import { profilePath, removePost, replacePost } from './profile-query';
import styles from './Posts.module.css';

/** What a locked post's viewer can do about it: the profile's own Follow and Subscribe. */
export interface Unlockers {
  follow(): void;
  subscribe(): void;
}

/** `PATCH /v1/feed/{id}/buy`; short of credits, the popup leads to buying them and back here. */
function useBuy(post: FeedItem) {
  const { api, account, popups } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.patch(`/v1/feed/${encodeURIComponent(post._id)}/buy`, undefined, { schema: feedBuyResponse }),
    onSuccess: ({ data }) => {
      replacePost(client, data);
      void account.reload();
    },
    onError: (err) => {
      if (isApiError(err) && err.code === 'not_enough_credits') {
        void account.reload();
        popups.open({
          kind: 'not-enough-credits',
          message: errorMessage(err),
          backTo: profilePath(post.model_id),
          purchase: { model_id: post.model_id },
        });
      }
    },
  });
}

function Unlock({ post, unlockers }: { post: FeedItem; unlockers: Unlockers }) {
  const buy = useBuy(post);
  const buyError =
    buy.isError && !(isApiError(buy.error) && buy.error.code === 'not_enough_credits')
      ? errorMessage(buy.error)
      : null;
  switch (post.unlock_by) {
    case 'follow':
      return (
        <div className={styles.unlock}>
          <p>Follow to see this post.</p>
          <Button onClick={unlockers.follow}>Follow</Button>
        </div>
      );
    case 'subscribe':
      return (
        <div className={styles.unlock}>
          <p>Subscribe to see this post.</p>
          <Button onClick={unlockers.subscribe}>Subscribe</Button>
        </div>
      );
    case 'buy':
      return (
        <div className={styles.unlock}>
          <Button disabled={buy.isPending} onClick={() => buy.mutate()}>
            {buy.isPending ? 'Unlocking…' : `Unlock for ${formatMoney(post.price)}`}
          </Button>
          {buyError && <p role="alert">{buyError}</p>}
        </div>
      );
    case 'fan':
      return (
        <div className={styles.unlock}>
          <p>Send a paid message or tip to see this</p>
        </div>
      );
    case null:
      return null;
  }
}

/** The creator's Edit and Delete; a refusal (the delete limit with subscribers) shows the server's words. */
function OwnerTools({ post, onEdit }: { post: FeedItem; onEdit(): void }) {
  const { api, popups } = useHost();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.send('DELETE', `/v1/feed/${encodeURIComponent(post._id)}`),
    onSuccess: () => removePost(client, post.model_id, post._id),
  });
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
        <Button variant="ghost" onClick={onEdit}>
          Edit
        </Button>
        <Button variant="ghost" disabled={remove.isPending} onClick={() => void confirmDelete()}>
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </Button>
      </div>
      {remove.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
    </>
  );
}

/** One post: who and when, its text and media, or what unlocks it; the creator can edit and delete. */
export function PostCard({ post, own, unlockers }: { post: FeedItem; own: boolean; unlockers: Unlockers }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const name = post.username ?? 'Creator';
  return (
    <article className={styles.post} aria-label={`Post from ${timeAgo(post.created_at) || 'earlier'}`}>
      <header className={styles.postHead}>
        <Avatar name={name} url={post.avatar_url} size={36} />
        <div className={styles.postMeta}>
          <span className={styles.postName}>{name}</span>
          <span className={styles.postTime}>
            <time dateTime={post.created_at}>{timeAgo(post.created_at)}</time>
            {own && ` · ${audienceLabels[post.audience]}`}
            {own && post.price > 0 && ` · ${formatMoney(post.price)}`}
          </span>
        </div>
      </header>
      {editing ? (
        <PostEditor
          post={post}
          onDone={(didSave) => {
            setEditing(false);
            setSaved(didSave);
          }}
        />
      ) : (
        post.text && <p className={styles.text}>{post.text}</p>
      )}
      <div className={styles.mediaBox}>
        <PostMedia post={post} />
        {!post.unlocked && <Unlock post={post} unlockers={unlockers} />}
      </div>
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
