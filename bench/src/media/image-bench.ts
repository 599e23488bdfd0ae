import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkImage } from '../../../server/src/media/image-probe';
import { makeImageRenditions } from '../../../server/src/media/image-renditions';
import { PixelBudget } from '../../../server/src/media/pixel-budget';
import sharp from 'sharp';
import { ms, round, summarise } from '../stats';
import { noisyPhoto } from './noisy-photo';

/** A camera-like JPEG of about `mp` megapixels (4:3). */
const cameraJpeg = (mp: number) => noisyPhoto(mp).jpeg({ quality: 90 }).toBuffer();

/**
 * What a photo costs the server: the upload check (a full decode at reduced size) plus every
 * rendition, per megapixel, next to a plain baseline measured in the same run: sharp decoding the
 * same file and writing one 1440 px JPEG.
 */
export async function imageBenchmark(sizesMp: number[], runs: number) {
  const dir = mkdtempSync(join(tmpdir(), 'cove-image-bench-'));
  const rows = [];
  // One photo at a time here: the budget only admits it.
  const pixels = new PixelBudget(Infinity);
  try {
    for (const mp of sizesMp) {
      const source = join(dir, `${mp}.jpg`);
      writeFileSync(source, await cameraJpeg(mp));
      const ours: number[] = [];
      const plain: number[] = [];
      for (let i = 0; i < runs; i++) {
        const out = mkdtempSync(join(dir, 'out-'));
        let start = process.hrtime.bigint();
        await checkImage(source, pixels);
        await makeImageRenditions(source, out, pixels);
        ours.push(ms(start));
        start = process.hrtime.bigint();
        await sharp(source)
          .resize(1440, 1440, { fit: 'inside' })
          .jpeg({ quality: 85 })
          .toFile(join(out, 'plain.jpg'));
        plain.push(ms(start));
      }
      const o = summarise(ours).p50;
      const p = summarise(plain).p50;
      rows.push({
        megapixels: mp,
        cove_ms: round(o, 1),
        cove_ms_per_mp: round(o / mp, 2),
        plain_resize_ms: round(p, 1),
        ratio: round(o / p, 2),
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
