import type { MediaResponse } from '@cove/contracts';
import { errorMessage, useUploads, type UploadedMedia } from '@cove/runtime';
import { Button, FileButton, kit, UploadQueue } from '@cove/ui';
import { useCallback, useId, useState, type ChangeEvent } from 'react';
import { useMediaConfig } from '../../../common/media-config';
import { useRandomAvatar } from '../api/random-avatar';
import { Cropper } from './Cropper';
import { initialCrop, type CropState } from '../model/crop';
import { useSaveProfile } from '../api/save-profile';
import styles from '../EditProfile.module.css';

const kinds = {
  avatar: { title: 'Profile photo', aspect: 1, noun: 'profile photo' },
  cover: { title: 'Cover', aspect: 3, noun: 'cover' },
} as const;

interface Picked {
  media: MediaResponse;
  /** Where the photo can be shown while cropping; null while the server still processes it. */
  src: string | null;
  width: number;
  height: number;
  crop: CropState;
}

function picked(media: MediaResponse, aspect: number): Picked {
  const width = media.width ?? media.media.width ?? 1;
  const height = media.height ?? media.media.height ?? 1;
  const src = media.status === 'ready' ? (media.media.sr ?? media.media.th) : null;
  return { media, src, width, height, crop: initialCrop(width / height, aspect) };
}

/**
 * A creator's profile photo (square) or cover (3:1): upload a photo through the shared pipeline, crop
 * it, and save it with `PATCH /v1/users/profile`; the avatar can also be drawn at random.
 */
export function PhotoSection({ kind, url }: { kind: 'avatar' | 'cover'; url: string | null }) {
  const { title, aspect, noun } = kinds[kind];
  const headingId = useId();
  const [choice, setChoice] = useState<Picked | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSaveProfile();
  const random = useRandomAvatar(() => setNotice('A new random avatar is saved'));
  const config = useMediaConfig();
  const uploads = useUploads(
    useCallback(({ media }: UploadedMedia) => setChoice(picked(media, aspect)), [aspect]),
  );

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setChoice(null);
    setNotice(null);
    save.reset();
    uploads.start([file], {
      accepts: 'photos',
      type: 'message',
      ...(config.data ? { config: config.data } : {}),
    });
  }

  function apply() {
    if (!choice) return;
    const { media_id } = choice.media;
    const { crop } = choice.crop;
    const changes =
      kind === 'avatar'
        ? { avatar_media_id: media_id, avatar_crop: crop }
        : { cover_media_id: media_id, cover_crop: crop };
    save.mutate(changes, {
      onSuccess: () => {
        setChoice(null);
        setNotice(`Your ${noun} is saved`);
      },
    });
  }

  const busy = save.isPending || random.isPending || uploads.items.some((i) => i.error === null);
  const error = save.error ?? random.error;

  return (
    <section className={`${kit.panel} ${kit.roomy} ${styles.card}`} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.title}>
        {title}
      </h3>
      {!choice &&
        (url ? (
          <img className={kind === 'avatar' ? styles.avatar : styles.cover} src={url} alt={`Your ${noun}`} />
        ) : (
          <p className={kit.hint}>No {noun} yet.</p>
        ))}

      <UploadQueue uploads={uploads} />

      {choice &&
        (choice.src ? (
          <Cropper
            src={choice.src}
            alt={`Your new ${noun}`}
            imageWidth={choice.width}
            imageHeight={choice.height}
            aspect={aspect}
            value={choice.crop}
            onChange={(crop) => setChoice({ ...choice, crop })}
          />
        ) : (
          <p className={kit.hint}>This photo is still being processed. Try again in a moment.</p>
        ))}

      {error && (
        <p className={kit.error} role="alert">
          {errorMessage(error)}
        </p>
      )}
      {notice && (
        <p className={styles.saved} role="status">
          {notice}
        </p>
      )}

      <div className={styles.actions}>
        {choice ? (
          <>
            <Button onClick={apply} disabled={busy || !choice.src}>
              {save.isPending ? 'Saving…' : `Save ${noun}`}
            </Button>
            <Button
              variant="secondary"
              onClick={() => (setChoice(null), save.reset())}
              disabled={save.isPending}
            >
              Discard
            </Button>
          </>
        ) : (
          <>
            <FileButton accept="image/*" onChange={choose} disabled={busy}>
              {url ? `Change ${noun}` : `Upload ${noun}`}
            </FileButton>
            {kind === 'avatar' && (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => (setNotice(null), save.reset(), random.mutate())}
              >
                {random.isPending ? 'Drawing…' : 'Random avatar'}
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
