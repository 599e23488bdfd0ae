import type { RenditionName } from '@cove/contracts';

/**
 * The image renditions made of every photo and of every video's still (docs/rules.md, "Media").
 * `inside`: scaled to fit the box, never enlarged; `cover`: cropped to fill it exactly (centred).
 */
export interface ImageRendition {
  name: Exclude<RenditionName, 'mp4'>;
  width: number;
  height: number;
  fit: 'inside' | 'cover';
  quality: number;
  blur?: number;
}

export const imageRenditions: readonly ImageRendition[] = [
  { name: 'th', width: 320, height: 320, fit: 'inside', quality: 80 },
  { name: 'st', width: 1440, height: 1440, fit: 'inside', quality: 85 },
  { name: 'rt', width: 540, height: 960, fit: 'cover', quality: 80 },
  { name: 'sr', width: 480, height: 480, fit: 'cover', quality: 80 },
  // Blurred preview of locked paid media: small and heavily blurred, so nothing of the original can be recovered.
  { name: 'bl', width: 480, height: 480, fit: 'inside', quality: 70, blur: 24 },
];

/** Videos longer on either side are scaled down to this when they have to be transcoded anyway. */
export const MAX_VIDEO_SIDE = 1920;
/** Larger frames than this are refused: no phone records them, and they are a decoding bomb. */
export const MAX_VIDEO_PIXELS = 8192 * 4320;
/** Photos above this many pixels are refused before decoding (a decompression bomb guard). */
export const MAX_IMAGE_PIXELS = 100_000_000;

export const renditionTypes: Record<RenditionName, { type: string; ext: string }> = {
  th: { type: 'image/jpeg', ext: 'jpg' },
  st: { type: 'image/jpeg', ext: 'jpg' },
  rt: { type: 'image/jpeg', ext: 'jpg' },
  sr: { type: 'image/jpeg', ext: 'jpg' },
  bl: { type: 'image/jpeg', ext: 'jpg' },
  mp4: { type: 'video/mp4', ext: 'mp4' },
};

/** Storage keys: one folder per media, so deleting a media removes one folder. */
export const storageKeys = {
  original: (mediaId: string) => `m/${mediaId}/original`,
  rendition: (mediaId: string, name: RenditionName) => `m/${mediaId}/${name}.${renditionTypes[name].ext}`,
};
