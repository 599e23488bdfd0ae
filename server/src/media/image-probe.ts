import sharp, { type Sharp } from 'sharp';
import { MAX_IMAGE_PIXELS } from './renditions';
import { MediaInputError } from './media-input-error';
import type { PixelBudget } from './pixel-budget';

// Memory stays bounded by the images being worked on: every upload is a new file, so libvips'
// operation cache (50 MB by default) would only hold memory, and one thread per image keeps a
// photo's working set to one region at a time whatever the machine's core count.
sharp.cache(false);
sharp.concurrency(1);

/**
 * Every decode of an upload goes through here: a pixel limit checked from the header before any pixel
 * is decoded, sequential reading (bounded memory), and truncated or broken data is an error.
 */
export function openImage(path: string): Sharp {
  return sharp(path, { limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true, failOn: 'error' });
}

export function imageFailure(err: unknown): MediaInputError {
  const detail = err instanceof Error ? err.message : String(err);
  return new MediaInputError('image', /pixel limit/i.test(detail) ? 'too_large' : 'corrupt', detail);
}

/** The header's size and orientation, read without decoding a pixel; a photo over the limit is refused here. */
async function headerOf(path: string): Promise<{ width: number; height: number; orientation: number }> {
  const meta = await openImage(path).metadata();
  if (!meta.width || !meta.height) throw new Error('no size in the header');
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new Error('Input image exceeds pixel limit');
  return { width: meta.width, height: meta.height, orientation: meta.orientation ?? 1 };
}

/**
 * Decodes a photo within the process's pixel budget: `decode` runs once the photo's pixels, read
 * from its header, fit beside the decodes already running.
 */
export async function withinBudget<T>(
  path: string,
  budget: PixelBudget,
  decode: (header: { width: number; height: number; orientation: number }) => Promise<T>,
): Promise<T> {
  const header = await headerOf(path);
  return budget.run(header.width * header.height, () => decode(header));
}

/**
 * Decodes the whole photo once (at a small size, so it is quick) to prove it is intact, and returns its
 * size as displayed, after the EXIF orientation is applied.
 */
export async function checkImage(
  path: string,
  budget: PixelBudget,
): Promise<{ width: number; height: number }> {
  try {
    return await withinBudget(path, budget, async ({ width, height, orientation }) => {
      await openImage(path).rotate().resize(64, 64, { fit: 'inside' }).raw().toBuffer();
      const turned = orientation >= 5;
      return { width: turned ? height : width, height: turned ? width : height };
    });
  } catch (err) {
    throw imageFailure(err);
  }
}
