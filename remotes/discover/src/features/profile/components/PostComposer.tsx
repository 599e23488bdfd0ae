import type { MediaDescriptor } from '@cove/contracts';
import { formatBytes, useUploads, type UploadedMedia } from '@cove/runtime';
import { Button, FileButton, kit } from '@cove/ui';
import { useCallback, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { AudiencePriceFields, PriceError } from '../../../common/AudiencePriceFields';
import { usePostFields } from '../../../common/use-post-fields';
import type { Posting } from '../api/create-post';
import styles from '../../../common/Posts.module.css';

/** The creator's box for a new post: text, or a photo or video, with who sees it and a price. */
export function PostComposer({ posting }: { posting: Posting }) {
  const id = useId();
  const [text, setText] = useState('');
  const fields = usePostFields('user', 0);
  const [media, setMedia] = useState<MediaDescriptor | null>(null);
  const uploads = useUploads(useCallback((result: UploadedMedia) => setMedia(result.media.media), []));
  const uploading = uploads.items.some((u) => u.error === null);
  const ready = (text.trim() !== '' || media !== null) && !uploading && fields.credits !== null;

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    uploads.items.forEach((u) => uploads.dismiss(u.key));
    setMedia(null);
    // The pipeline reads the server's limits and upload URL for the file.
    uploads.start([file]);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || fields.credits === null) return;
    posting.publish({ text: text.trim(), media, audience: fields.audience, price: fields.credits });
    setText('');
    setMedia(null);
    fields.setPrice('');
  }

  return (
    <form className={`${kit.panel} ${styles.composer}`} onSubmit={submit} aria-label="New post">
      <label className={styles.field}>
        <span>New post</span>
        <textarea
          value={text}
          maxLength={2000}
          rows={3}
          placeholder="Share something with your fans"
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {uploads.items.map((u) => (
        <div key={u.key} className={styles.upload}>
          <span className={styles.uploadName}>{u.name}</span>
          {u.error ? (
            <>
              <span className={styles.error} role="alert">
                {u.error}
              </span>
              <Button variant="ghost" onClick={() => uploads.dismiss(u.key)}>
                Dismiss
              </Button>
            </>
          ) : (
            <>
              <progress
                max={u.progress.total || 1}
                value={u.progress.loaded}
                aria-label={`${u.progress.phase === 'preparing' ? 'Preparing' : 'Uploading'} ${u.name}`}
              />
              <span className={styles.uploadBytes}>
                {formatBytes(u.progress.loaded)} / {formatBytes(u.progress.total)}
              </span>
              <Button variant="ghost" onClick={() => uploads.cancel(u.key)}>
                Cancel
              </Button>
            </>
          )}
        </div>
      ))}
      {media && (
        <div className={styles.upload}>
          {media.th && <img className={styles.attachment} src={media.th} alt="" />}
          <span className={styles.uploadName}>{media.type === 'video' ? 'Video' : 'Photo'} attached</span>
          <Button variant="ghost" onClick={() => setMedia(null)}>
            Remove
          </Button>
        </div>
      )}
      <div className={styles.row}>
        <FileButton accept="image/*,video/*" onChange={choose}>
          Add photo or video
        </FileButton>
        <AudiencePriceFields fields={fields} priceErrorId={`${id}-price`} />
        <Button type="submit" disabled={!ready}>
          Post
        </Button>
      </div>
      <PriceError id={`${id}-price`} fields={fields} />
      {posting.error && (
        <p className={styles.error} role="alert">
          {posting.error}
        </p>
      )}
    </form>
  );
}
