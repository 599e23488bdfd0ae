import { BIO_MAX_LENGTH } from '@cove/contracts';
import { errorMessage } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useId, useState, type FormEvent } from 'react';
import { useSaveProfile } from '../api/save-profile';
import styles from '../EditProfile.module.css';

/** A creator's bio: up to 500 characters, with a counter; the server's refusal shows under it. */
export function BioSection({ bio }: { bio: string }) {
  const fieldId = useId();
  const counterId = useId();
  const errorId = useId();
  const [text, setText] = useState(bio);
  const [savedText, setSavedText] = useState(bio);
  const save = useSaveProfile();
  const dirty = text.trim() !== savedText.trim();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!dirty || save.isPending) return;
    const next = text.trim();
    save.mutate({ bio: next }, { onSuccess: () => setSavedText(next) });
  }

  return (
    <form
      className={`${kit.panel} ${kit.roomy} ${styles.card}`}
      onSubmit={submit}
      noValidate
      aria-label="Bio"
    >
      <label className={styles.title} htmlFor={fieldId}>
        Bio
      </label>
      <textarea
        id={fieldId}
        className={`${kit.compactInput} ${styles.textarea}`}
        value={text}
        maxLength={BIO_MAX_LENGTH}
        rows={4}
        aria-describedby={save.isError ? `${counterId} ${errorId}` : counterId}
        aria-invalid={save.isError}
        onChange={(e) => (setText(e.target.value), save.reset())}
      />
      <p id={counterId} className={styles.counter}>
        {text.length}/{BIO_MAX_LENGTH}
      </p>
      {save.isError && (
        <p id={errorId} className={kit.error} role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      {save.isSuccess && (
        <p className={styles.saved} role="status">
          Bio saved
        </p>
      )}
      <div>
        <Button type="submit" disabled={!dirty || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save bio'}
        </Button>
      </div>
    </form>
  );
}
