import type { FeedItem } from '@cove/contracts';
import { errorMessage, formatMoney } from '@cove/runtime';
import { Button, TipForm } from '@cove/ui';
import { useState } from 'react';
import { useTipPost } from './tip-post';
import { isShortOfCredits } from './short-of-credits';
import styles from './Posts.module.css';

/**
 * A fan's Tip under a post: the tip form opens in place, and says so once the tip is sent. What the
 * fan has tipped on the post shows under it, so a tip a card payment sent is there on coming back.
 */
export function PostTip({ post }: { post: FeedItem }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const tip = useTipPost(post, () => {
    setOpen(false);
    setSent(true);
  });
  const error = tip.isError && !isShortOfCredits(tip.error) ? errorMessage(tip.error) : null;
  return (
    <div className={styles.tip}>
      {open ? (
        <TipForm
          title="Tip this post"
          busy={tip.isPending}
          onTip={(choice) => void tip.confirmAndTip(choice)}
        >
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Not now
          </Button>
        </TipForm>
      ) : (
        <Button
          variant="ghost"
          aria-expanded={false}
          onClick={() => {
            setSent(false);
            setOpen(true);
          }}
        >
          Tip
        </Button>
      )}
      {sent && (
        <p className={styles.saved} role="status">
          Tip sent. {post.username ? `@${post.username}` : 'The creator'} will see it in your chat.
        </p>
      )}
      {post.tipped ? (
        <p className={styles.saved}>You tipped {formatMoney(post.tipped)} on this post.</p>
      ) : null}
    </div>
  );
}
