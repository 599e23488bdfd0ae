import { feedItemEnvelope, type FeedItem } from '@cove/contracts';
import { errorMessage, useHost } from '@cove/runtime';
import { Button } from '@cove/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { audienceLabels, audiences, dollarsFromPrice, priceFromDollars } from './post-fields';
import { replacePost } from './profile-query';
import styles from './Posts.module.css';

/**
 * Edits a post's text, audience and price (`PATCH /v1/feed/{id}` with what changed). The spec's
 * init, success and failure: Saving…, then the post as saved, or the server's refusal beside the form.
 */
export function PostEditor({ post, onDone }: { post: FeedItem; onDone(saved: boolean): void }) {
  const { api } = useHost();
  const client = useQueryClient();
  const id = useId();
  const [text, setText] = useState(post.text);
  const [audience, setAudience] = useState(post.audience);
  const [price, setPrice] = useState(dollarsFromPrice(post.price));
  const rawPrice = priceFromDollars(price);
  const save = useMutation({
    mutationFn: (changes: object) =>
      api.patch(`/v1/feed/${encodeURIComponent(post._id)}`, changes, { schema: feedItemEnvelope }),
    onSuccess: ({ data }) => {
      replacePost(client, data);
      onDone(true);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (rawPrice === null) return;
    const changes = {
      ...(text.trim() !== post.text ? { text: text.trim() } : {}),
      ...(audience !== post.audience ? { audience } : {}),
      ...(rawPrice !== post.price ? { price: rawPrice } : {}),
    };
    if (Object.keys(changes).length === 0) onDone(false);
    else save.mutate(changes);
  }

  return (
    <form className={styles.editor} onSubmit={submit} aria-label="Edit post">
      <label className={styles.field}>
        <span>Text</span>
        <textarea value={text} maxLength={2000} rows={3} onChange={(e) => setText(e.target.value)} />
      </label>
      <div className={styles.row}>
        <label className={styles.field}>
          <span>Who can see it</span>
          <select value={audience} onChange={(e) => setAudience(e.target.value as typeof audience)}>
            {audiences.map((a) => (
              <option key={a} value={a}>
                {audienceLabels[a]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Price ($, optional)</span>
          <input
            inputMode="decimal"
            value={price}
            aria-invalid={rawPrice === null}
            aria-describedby={rawPrice === null ? `${id}-price` : undefined}
            onChange={(e) => setPrice(e.target.value)}
          />
        </label>
      </div>
      {rawPrice === null && (
        <p id={`${id}-price`} className={styles.error}>
          Enter a price in dollars, such as 4.99.
        </p>
      )}
      {save.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      <div className={styles.row}>
        <Button type="submit" disabled={save.isPending || rawPrice === null}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="ghost" disabled={save.isPending} onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
