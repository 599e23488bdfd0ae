import { type MediaDescriptor, POST_MEDIA_MAX } from '@cove/contracts';
import { formatBytes, useUploads, type UploadedMedia } from '@cove/runtime';
import { Button, FileButton, kit } from '@cove/ui';
import { useCallback, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { AudiencePriceFields, PriceError } from '../../../common/AudiencePriceFields';
import {
  formatScheduled,
  fromLocalInput,
  scheduleProblem,
  scheduleRange,
} from '../../../common/schedule-time';
import { usePostFields } from '../../../common/use-post-fields';
import type { Posting } from '../api/create-post';
import styles from '../../../common/Posts.module.css';

/** An attached item and the place its file was chosen at, which keeps the post's order. */
interface Attached {
  order: number;
  media: MediaDescriptor;
}

/**
 * The creator's box for a new post: text, up to 10 photos and videos (each uploaded with its own
 * progress, in the order chosen), who sees it, a price, and optionally a time to publish it at.
 */
export function PostComposer({ posting }: { posting: Posting }) {
  const id = useId();
  const [text, setText] = useState('');
  const fields = usePostFields('user', 0);
  const [attached, setAttached] = useState<Attached[]>([]);
  const [schedule, setSchedule] = useState(false);
  const [when, setWhen] = useState('');
  const chosen = useRef(new WeakMap<File, number>());
  const nextOrder = useRef(0);
  const uploads = useUploads(
    useCallback((result: UploadedMedia, file: File) => {
      const order = chosen.current.get(file) ?? Number.MAX_SAFE_INTEGER;
      // The same bytes chosen twice are one media: attached once.
      setAttached((all) =>
        all.some((a) => a.media.media_id === result.media.media.media_id)
          ? all
          : [...all, { order, media: result.media.media }].sort((a, b) => a.order - b.order),
      );
    }, []),
  );
  const uploading = uploads.items.filter((u) => u.error === null).length;
  const room = POST_MEDIA_MAX - attached.length - uploading;
  const timeProblem = schedule ? scheduleProblem(when) : null;
  const ready =
    (text.trim() !== '' || attached.length > 0) &&
    uploading === 0 &&
    fields.credits !== null &&
    timeProblem === null;
  const [tooMany, setTooMany] = useState(false);

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    setTooMany(files.length > room);
    const taken = files.slice(0, Math.max(room, 0));
    if (taken.length === 0) return;
    for (const file of taken) chosen.current.set(file, nextOrder.current++);
    // The pipeline reads the server's limits and upload URL for each file.
    uploads.start(taken);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || fields.credits === null) return;
    posting.publish({
      text: text.trim(),
      media: attached.map((a) => a.media),
      audience: fields.audience,
      price: fields.credits,
      publishAt: schedule ? fromLocalInput(when) : null,
    });
    setText('');
    setAttached([]);
    setTooMany(false);
    setSchedule(false);
    setWhen('');
    fields.setPrice('');
  }

  const kindOf = (m: MediaDescriptor) => (m.type === 'video' ? 'Video' : 'Photo');
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
      {attached.length > 0 && (
        <ol className={styles.attachments} aria-label="Attached photos and videos">
          {attached.map(({ media }, i) => (
            <li key={media.media_id} className={styles.upload}>
              {media.th && <img className={styles.attachment} src={media.th} alt="" />}
              <span className={styles.uploadName}>
                {kindOf(media)} {i + 1} of {attached.length}
              </span>
              <Button
                variant="ghost"
                aria-label={`Remove ${kindOf(media).toLowerCase()} ${i + 1}`}
                onClick={() => setAttached((all) => all.filter((a) => a.media.media_id !== media.media_id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
      )}
      {tooMany && (
        <p className={styles.error} role="alert">
          A post holds at most {POST_MEDIA_MAX} photos and videos; the extra files were left out.
        </p>
      )}
      <div className={styles.row}>
        <FileButton accept="image/*,video/*" multiple disabled={room <= 0} onChange={choose}>
          {attached.length > 0 ? 'Add more' : 'Add photos or videos'}
        </FileButton>
        <AudiencePriceFields fields={fields} priceErrorId={`${id}-price`} />
        <label className={styles.check}>
          <input type="checkbox" checked={schedule} onChange={(e) => setSchedule(e.target.checked)} />
          <span>Schedule</span>
        </label>
        {schedule && (
          <label className={styles.field}>
            <span>Publish at (your time)</span>
            <input
              type="datetime-local"
              className={styles.when}
              value={when}
              {...scheduleRange()}
              aria-invalid={when !== '' && timeProblem !== null}
              aria-describedby={when !== '' && timeProblem ? `${id}-when` : undefined}
              onChange={(e) => setWhen(e.target.value)}
            />
          </label>
        )}
        <Button type="submit" disabled={!ready}>
          {schedule ? 'Schedule' : 'Post'}
        </Button>
      </div>
      <PriceError id={`${id}-price`} fields={fields} />
      {schedule && when !== '' && timeProblem && (
        <p id={`${id}-when`} className={styles.error}>
          {timeProblem}
        </p>
      )}
      {posting.scheduled && (
        <p className={styles.saved} role="status">
          Scheduled for {formatScheduled(posting.scheduled)}. Only you see it until then.
        </p>
      )}
      {posting.error && (
        <p className={styles.error} role="alert">
          {posting.error}
        </p>
      )}
    </form>
  );
}
