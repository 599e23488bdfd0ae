import { COMMENT_MAX, type FeedItem, type PostComment } from '@cove/contracts';
import { errorMessage, timeAgo, useHost } from '@cove/runtime';
import { Avatar, Button, kit, LoadMore, MenuButton, type MenuItem, RequestView } from '@cove/ui';
import { useId, useState } from 'react';
import {
  type CommentOrder,
  useAddComment,
  useComments,
  useDeleteComment,
  useHideComment,
} from './post-engagement';
import posts from './Posts.module.css';
import styles from './PostComments.module.css';

const orderLabels: Record<CommentOrder, string> = { newest: 'Newest', oldest: 'Oldest' };

/** Who a hidden comment is still shown to, in the words of the one reading it. */
const hiddenNote = (comment: PostComment, post: FeedItem) =>
  comment.can_hide
    ? 'Hidden: only you and its author see it'
    : `Hidden by ${post.username ?? 'the creator'}: only you and ${post.username ?? 'the creator'} see it`;

/** The comment's menu: the post's creator hides or shows it; its author or the creator deletes it, once confirmed. */
function CommentMenu({ post, comment }: { post: FeedItem; comment: PostComment }) {
  const { popups } = useHost();
  const hide = useHideComment(post);
  const remove = useDeleteComment(post);
  const name = comment.author.username ?? 'someone';
  async function confirmDelete() {
    const { outcome } = popups.open({
      kind: 'generic',
      emoji: '🗑️',
      sentence: 'Delete this comment? Nobody will see it again.',
      confirmLabel: 'Delete',
    });
    if ((await outcome).action === 'confirm') remove.mutate(comment._id);
  }
  const items: MenuItem[] = [
    ...(comment.can_hide
      ? [
          {
            label: comment.hidden ? 'Unhide' : 'Hide',
            onSelect: () => hide.mutate({ id: comment._id, hidden: !comment.hidden }),
          },
        ]
      : []),
    ...(comment.can_delete ? [{ label: 'Delete', danger: true, onSelect: () => void confirmDelete() }] : []),
  ];
  const failed = hide.error ?? remove.error;
  return (
    <>
      <MenuButton
        label="Comment options"
        buttonLabel={`Options for ${name}'s comment`}
        items={items}
        className={styles.commentMenu}
        disabled={hide.isPending || remove.isPending}
      >
        <span aria-hidden="true">⋯</span>
      </MenuButton>
      {failed && (
        <p className={posts.error} role="alert">
          {errorMessage(failed)}
        </p>
      )}
    </>
  );
}

function CommentRow({ post, comment }: { post: FeedItem; comment: PostComment }) {
  const name = comment.author.username ?? 'Someone';
  return (
    <li className={comment.hidden ? `${styles.comment} ${styles.commentHidden}` : styles.comment}>
      <Avatar name={name} url={comment.author.avatar_url} size={28} />
      <div className={styles.commentBody}>
        <p className={styles.commentHead}>
          <span className={posts.postName}>{name}</span>{' '}
          <time className={posts.postTime} dateTime={comment.created_at}>
            {timeAgo(comment.created_at)}
          </time>
        </p>
        <p className={styles.commentText}>{comment.text}</p>
        {comment.hidden && <p className={styles.hiddenNote}>{hiddenNote(comment, post)}</p>}
      </div>
      {(comment.can_hide || comment.can_delete) && <CommentMenu post={post} comment={comment} />}
    </li>
  );
}

/** The composer: 1 to 500 characters; the server's refusal (a block, a word the rules forbid) shows as it says. */
function CommentComposer({ post }: { post: FeedItem }) {
  const add = useAddComment(post);
  const [text, setText] = useState('');
  const fieldId = useId();
  const countId = useId();
  const trimmed = text.trim();
  return (
    <form
      className={styles.commentForm}
      onSubmit={(e) => {
        e.preventDefault();
        if (trimmed) add.mutate(trimmed, { onSuccess: () => setText('') });
      }}
    >
      <label htmlFor={fieldId} className={kit.label}>
        Write a comment
      </label>
      <textarea
        id={fieldId}
        className={kit.input}
        rows={2}
        maxLength={COMMENT_MAX}
        value={text}
        aria-describedby={countId}
        onChange={(e) => setText(e.target.value)}
      />
      <div className={styles.commentActions}>
        <span id={countId} className={kit.hint}>
          {text.length} / {COMMENT_MAX}
        </span>
        <Button type="submit" disabled={!trimmed || add.isPending}>
          {add.isPending ? 'Posting…' : 'Comment'}
        </Button>
      </div>
      {add.isError && (
        <p className={posts.error} role="alert">
          {errorMessage(add.error)}
        </p>
      )}
    </form>
  );
}

/** A post's comments, newest or oldest first a page at a time, with the composer above them. */
export function PostComments({ post, id }: { post: FeedItem; id: string }) {
  const [order, setOrder] = useState<CommentOrder>('newest');
  const comments = useComments(post, order);
  return (
    <section id={id} className={styles.comments} aria-label="Comments">
      <CommentComposer post={post} />
      <div className={styles.commentOrder} role="group" aria-label="Order of comments">
        {(Object.keys(orderLabels) as CommentOrder[]).map((o) => (
          <Button key={o} variant="ghost" aria-pressed={order === o} onClick={() => setOrder(o)}>
            {orderLabels[o]}
          </Button>
        ))}
      </div>
      <RequestView state={comments.state} retry={comments.retry}>
        {(items) =>
          items.length === 0 ? (
            <p className={kit.hint}>No comments yet. Be the first to say something.</p>
          ) : (
            <ul className={styles.commentList} aria-label="Comments">
              {items.map((c) => (
                <CommentRow key={c._id} post={post} comment={c} />
              ))}
            </ul>
          )
        }
      </RequestView>
      <LoadMore list={comments} />
    </section>
  );
}
