import { join } from 'node:path';
import sharp from 'sharp';
import type { RenditionName } from '@cove/contracts';
import { imageFailure, openImage, withinBudget } from './image-probe';
import type { PixelBudget } from './pixel-budget';
import { imageRenditions } from './renditions';

export interface MadeFile {
  name: RenditionName;
  path: string;
}

const MASTER_SIDE = Math.max(...imageRenditions.map((r) => Math.max(r.width, r.height)));

/**
 * Makes every image rendition of one photo (or a video's still). The photo is decoded once, turned
 * upright by its EXIF orientation, flattened onto white and scaled to a master of at most 1440 px;
 * every rendition is cut from that master. Outputs are baseline JPEGs in sRGB with no metadata at
 * all: no EXIF (so no GPS), no XMP, no comments. The photo's decode waits its turn in `budget`.
 */
export async function makeImageRenditions(
  source: string,
  outDir: string,
  budget: PixelBudget,
): Promise<{ files: MadeFile[]; width: number; height: number }> {
  let master: { data: Buffer; info: sharp.OutputInfo };
  try {
    master = await withinBudget(source, budget, () =>
      openImage(source)
        .rotate()
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .resize(MASTER_SIDE, MASTER_SIDE, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
  } catch (err) {
    throw imageFailure(err);
  }
  const raw = {
    raw: { width: master.info.width, height: master.info.height, channels: master.info.channels },
  };
  const files: MadeFile[] = [];
  for (const r of imageRenditions) {
    const path = join(outDir, `${r.name}.jpg`);
    let pipeline = sharp(master.data, raw).resize(r.width, r.height, {
      fit: r.fit,
      withoutEnlargement: r.fit === 'inside',
    });
    if (r.blur) pipeline = pipeline.blur(r.blur);
    await pipeline.jpeg({ quality: r.quality }).toFile(path);
    files.push({ name: r.name, path });
  }
  return { files, width: master.info.width, height: master.info.height };
}

/** ID photos are kept large enough to read a document's small print, and no larger. */
const DOCUMENT_SIDE = 1600;

/**
 * One private still of an identity photo (docs/rules.md, "Becoming a creator"): decoded within the
 * pixel budget like every upload, upright, flattened, in sRGB, at most 1600 px, and a baseline JPEG
 * with no metadata (no EXIF, so no GPS). A broken or oversized photo is a `MediaInputError`.
 */
export async function makeDocumentImage(
  source: string,
  outPath: string,
  budget: PixelBudget,
): Promise<{ width: number; height: number; size: number }> {
  try {
    const info = await withinBudget(source, budget, () =>
      openImage(source)
        .rotate()
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .resize(DOCUMENT_SIDE, DOCUMENT_SIDE, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 85 })
        .toFile(outPath),
    );
    return { width: info.width, height: info.height, size: info.size };
  } catch (err) {
    throw imageFailure(err);
  }
}
