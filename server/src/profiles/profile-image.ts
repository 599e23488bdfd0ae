import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProfilePatch } from '@cove/contracts';
import sharp from 'sharp';
import type { MediaRow } from '../db/schema';
import { openImage } from '../media/image-probe';
import type { PixelBudget } from '../media/pixel-budget';
import { storageKeys } from '../media/renditions';
import type { Storage } from '../storage';

export type Crop = NonNullable<ProfilePatch['avatar_crop']>;
export type ProfileImageKind = 'avatar' | 'cover';

/** docs/rules.md "Avatar and cover": the sizes every client shows. */
const sizes: Record<ProfileImageKind, { width: number; height: number }> = {
  avatar: { width: 512, height: 512 },
  cover: { width: 1500, height: 500 },
};

export interface ProfileImageDeps {
  storage: Storage;
  /** Scratch space for a local copy of the stored photo (S3 objects are downloaded there). */
  workDir: string;
  /** DATA_DIR/media: public files live in its `public` folder, served at /media/public/. */
  mediaDir: string;
  /** The process's decode budget, shared with uploads and media jobs. */
  pixels: PixelBudget;
}

/** The crop in pixels of a `width` x `height` image, clamped to it; null when nothing is left. */
export function cropBox(crop: Crop | undefined, width: number, height: number) {
  if (!crop) return { left: 0, top: 0, width, height };
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const left = Math.round(clamp(crop.x) * width);
  const top = Math.round(clamp(crop.y) * height);
  const right = Math.round(clamp(crop.x + crop.width) * width);
  const bottom = Math.round(clamp(crop.y + crop.height) * height);
  return right > left && bottom > top ? { left, top, width: right - left, height: bottom - top } : null;
}

/**
 * Cuts an avatar or cover out of a ready photo: its original when still kept, else its largest
 * rendition (both upright after `rotate`), filled to the kind's size, a JPEG without metadata
 * (sharp writes none unless asked). Stored like generated avatars, it answers its public URL, or
 * null when the crop leaves nothing.
 */
export async function makeProfileImage(
  deps: ProfileImageDeps,
  row: MediaRow,
  kind: ProfileImageKind,
  crop: Crop | undefined,
): Promise<string | null> {
  const key = row.originalKey ?? row.renditions.st?.key ?? storageKeys.rendition(row.id, 'st');
  const copy = await deps.storage.localCopy(key, deps.workDir);
  let image: Buffer;
  try {
    // An original can be 100 megapixels: it is decoded in its turn, as uploads and jobs decode theirs.
    const pixels = (row.width ?? 0) * (row.height ?? 0);
    const upright = await deps.pixels.run(pixels, () =>
      openImage(copy.path)
        .rotate()
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        // Plenty for a 1500 px cover, and it bounds what the steps below hold.
        .resize(4000, 4000, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
    const { width, height, channels } = upright.info;
    const box = cropBox(crop, width, height);
    if (!box) return null;
    const size = sizes[kind];
    image = await sharp(upright.data, { raw: { width, height, channels } })
      .extract(box)
      .resize(size.width, size.height, { fit: 'cover' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } finally {
    await copy.release();
  }
  const file = `${kind}-${createHash('sha256').update(image).digest('hex').slice(0, 20)}.jpg`;
  const dir = join(deps.mediaDir, 'public');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, file), image);
  return `/media/public/${file}`;
}
