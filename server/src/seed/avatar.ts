import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const palettes = [
  ['#ff7a59', '#ffb347'],
  ['#6a5af9', '#d66efd'],
  ['#00b4d8', '#48cae4'],
  ['#2ec4b6', '#9ef01a'],
  ['#ef476f', '#ffd166'],
  ['#3a86ff', '#8338ec'],
] as const;

/** Draws a 512 px avatar (gradient and initial), stores it as WebP and returns its public URL. */
export async function generateAvatar(mediaDir: string, name: string): Promise<string> {
  const digest = createHash('sha256').update(name).digest();
  const [from, to] = palettes[(digest[0] ?? 0) % palettes.length] ?? palettes[0];
  const initial = (name.match(/[a-z0-9]/i)?.[0] ?? '?').toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>
    <circle cx="${128 + (digest[1] ?? 0)}" cy="${96 + (digest[2] ?? 0)}" r="${60 + ((digest[3] ?? 0) % 80)}" fill="#fff" opacity="0.18"/>
    <text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-size="240"
      font-weight="700" fill="#fff">${initial}</text>
  </svg>`;
  const image = await sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
  const file = `avatar-${createHash('sha256').update(image).digest('hex').slice(0, 20)}.webp`;
  const dir = join(mediaDir, 'public');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, file), image);
  return `/media/public/${file}`;
}
