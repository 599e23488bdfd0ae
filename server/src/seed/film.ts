import sharp from 'sharp';
import { randomFor } from './seeded-random';

const grains = new Map<string, Buffer>();

/** Grey noise around mid-grey (which overlay blending leaves unchanged), made once per size. */
function grain(width: number, height: number): Buffer {
  const key = `${width}x${height}`;
  const cached = grains.get(key);
  if (cached) return cached;
  const random = randomFor(key);
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < pixels.length; i += 4) {
    const v = Math.round(128 + (random.next() + random.next() - 1) * 36);
    pixels[i] = v;
    pixels[i + 1] = v;
    pixels[i + 2] = v;
    pixels[i + 3] = 255;
  }
  grains.set(key, pixels);
  return pixels;
}

/**
 * What makes a drawing read as a photograph: a lens-soft blur, a vignette and film grain laid over
 * the flat raw pixels of `image`. Answers a sharp pipeline for the caller to encode.
 */
export async function develop(image: Buffer, width: number, height: number, softness = 0.9) {
  const vignette = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="v" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/>
    </radialGradient></defs><rect width="100%" height="100%" fill="url(#v)"/></svg>`);
  const soft = await sharp(image, { raw: { width, height, channels: 4 } })
    .blur(softness)
    .composite([{ input: vignette }])
    .raw()
    .toBuffer();
  return sharp(soft, { raw: { width, height, channels: 4 } }).composite([
    { input: grain(width, height), raw: { width, height, channels: 4 }, blend: 'overlay' },
  ]);
}
