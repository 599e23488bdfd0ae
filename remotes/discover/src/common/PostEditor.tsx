import type { FeedItem } from '@cove/contracts';
import { errorMessage } from '@cove/runtime';
import { Button } from '@cove/ui';
import { useId, useState, type FormEvent } from 'react';
import { AudiencePriceFields, PriceError } from './AudiencePriceFields';
import { usePostFields } from './use-post-fields';
import { useEditPost } from './edit-post';
import styles from './Posts.module.css';

/**
 * Edits a post's text, audience and price (`PATCH /v1/feed/{id}` with what changed). The spec's
 * init, success and failure: Saving…, then the post as saved, or the server's refusal beside the form.
 */
export function PostEditor({ post, onDone }: { post: FeedItem; onDone(saved: boolean): void }) {
  const id = useId();
  const [text, setText] = useState(post.text);
  const fields = usePostFields(post.audience, post.price);
  const save = useEditPost(post, () => onDone(true));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (fields.credits === null) return;
    const changes = {
      ...(text.trim() !== post.text ? { text: text.trim() } : {}),
      ...(fields.audience !== post.audience ? { audience: fields.audience } : {}),
      ...(fields.credits !== post.price ? { price: fields.credits } : {}),
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
        <AudiencePriceFields fields={fields} priceErrorId={`${id}-price`} />
      </div>
      <PriceError id={`${id}-price`} fields={fields} />
      {save.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      <div className={styles.row}>
        <Button type="submit" disabled={save.isPending || fields.credits === null}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="ghost" disabled={save.isPending} onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
