import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { portrait, type Gender } from './portrait';
import { scene } from './scene';

/** Stores a generated image under the public media folder, named by its bytes, and returns its URL. */
async function storePublic(mediaDir: string, kind: 'avatar' | 'cover', image: Buffer): Promise<string> {
  const file = `${kind}-${createHash('sha256').update(image).digest('hex').slice(0, 20)}.webp`;
  const dir = join(mediaDir, 'public');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, file), image);
  return `/media/public/${file}`;
}

/**
 * Draws a 256 px portrait for `name` (the same for the same name), someone of `gender` when given,
 * stores it as WebP and returns its public URL.
 */
export async function generateAvatar(
  mediaDir: string,
  name: string,
  gender: Gender | null = null,
): Promise<string> {
  return storePublic(mediaDir, 'avatar', await portrait(name, gender));
}

/**
 * Draws a 256 px landscape for `seed` and returns its URL: a member's random avatar. A drawn face would
 * pass for a real person who is not them, so a member gets a place, never a portrait.
 */
export async function generateSceneAvatar(mediaDir: string, seed: string): Promise<string> {
  const image = await scene(`avatar:${seed}`, { width: 512, height: 512 });
  const stored = await image.png().toBuffer();
  return storePublic(
    mediaDir,
    'avatar',
    await sharp(stored).resize(256).webp({ quality: 80, effort: 4 }).toBuffer(),
  );
}

/** Draws a 3:1 landscape for `name` (the shape of every cover), stores it as WebP and returns its URL. */
export async function generateCover(mediaDir: string, name: string): Promise<string> {
  const image = await scene(`cover:${name}`, { width: 1500, height: 500 });
  // Stored at 1200 x 400, still sharp across a phone, about 40 KB where full size with grain was 100.
  const stored = await image.png().toBuffer();
  return storePublic(
    mediaDir,
    'cover',
    await sharp(stored).resize(1200, 400).webp({ quality: 68, effort: 4 }).toBuffer(),
  );
}
