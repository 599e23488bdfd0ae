import sharp from 'sharp';
import { randomFor } from './seeded-random';

/** Layers that depend only on the size, made once per size: the images drawn share a few sizes. */
const layers = new Map<string, { grain: Buffer; vignette: Buffer }>();

function layersFor(width: number, height: number) {
  const key = `${width}x${height}`;
  const cached = layers.get(key);
  if (cached) return cached;
  // Grey noise around mid-grey, which overlay blending leaves unchanged; light enough that a JPEG of it
  // stays small (pictures are sent to phones).
  const random = randomFor(key);
  const grain = Buffer.alloc(width * height * 4);
  for (let i = 0; i < grain.length; i += 4) {
    const v = Math.round(128 + (random.next() + random.next() - 1) * 20);
    grain[i] = v;
    grain[i + 1] = v;
    grain[i + 2] = v;
    grain[i + 3] = 255;
  }
  const vignette = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="v" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/>
    </radialGradient></defs><rect width="100%" height="100%" fill="url(#v)"/></svg>`);
  const made = { grain, vignette };
  layers.set(key, made);
  return made;
}

/**
 * What makes a drawing read as a photograph: a lens-soft blur (`softness`, a sigma in pixels; 0 for
 * none), a vignette and film grain laid over the raw RGBA pixels of `image`. Answers a sharp
 * pipeline for the caller to encode.
 */
export async function develop(image: Buffer, width: number, height: number, softness: number) {
  const raw = { raw: { width, height, channels: 4 as const } };
  const { grain, vignette } = layersFor(width, height);
  const soft = softness > 0 ? sharp(image, raw).blur(softness) : sharp(image, raw);
  const vignetted = await soft
    .composite([{ input: vignette }])
    .raw()
    .toBuffer();
  return sharp(vignetted, raw).composite([{ input: grain, ...raw, blend: 'overlay' }]);
}
