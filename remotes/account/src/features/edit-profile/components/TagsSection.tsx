import { tagBody } from '@cove/contracts';
import { errorMessage } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useId, useState, type FormEvent } from 'react';
import { useAddTag } from '../api/add-tag';
import styles from '../EditProfile.module.css';

/**
 * A creator's tags, added one at a time with `POST /v1/users/tags`, which answers the whole list. The
 * server has no way to remove a tag yet, so this only adds.
 */
export function TagsSection({ tags: initial }: { tags: readonly string[] }) {
  const fieldId = useId();
  const errorId = useId();
  const [tags, setTags] = useState<readonly string[]>(initial);
  const [tag, setTag] = useState('');
  const add = useAddTag(({ tags: next }) => {
    setTags(next);
    setTag('');
  });
  const valid = tagBody.safeParse({ tag }).success;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (valid && !add.isPending) add.mutate(tag.trim());
  }

  return (
    <form
      className={`${kit.panel} ${kit.roomy} ${styles.card}`}
      onSubmit={submit}
      noValidate
      aria-label="Tags"
    >
      <h3 className={styles.title}>Tags</h3>
      {tags.length > 0 ? (
        <ul className={styles.tags} aria-label="Your tags">
          {tags.map((t) => (
            <li key={t} className={styles.tag}>
              {t}
            </li>
          ))}
        </ul>
      ) : (
        <p className={kit.hint}>No tags yet. Tags help fans find you.</p>
      )}
      <div className={styles.inline}>
        <label htmlFor={fieldId} className={kit.srOnly}>
          New tag
        </label>
        <input
          id={fieldId}
          className={kit.compactInput}
          value={tag}
          maxLength={30}
          placeholder="New tag"
          aria-invalid={add.isError}
          aria-describedby={add.isError ? errorId : undefined}
          onChange={(e) => (setTag(e.target.value), add.reset())}
        />
        <Button type="submit" disabled={!valid || add.isPending}>
          {add.isPending ? 'Adding…' : 'Add tag'}
        </Button>
      </div>
      {add.isError && (
        <p id={errorId} className={kit.error} role="alert">
          {errorMessage(add.error)}
        </p>
      )}
    </form>
  );
}
