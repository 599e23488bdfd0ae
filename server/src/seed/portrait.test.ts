import sharp from 'sharp';
import { portrait } from './portrait';

const names = [
  'luna-rivers',
  'mira-kent',
  'sasha-noir',
  'nova-lake',
  'theo-vance',
  'ivy-moon',
  'bulk-0',
  'bulk-1',
];

/** The picture as a small thumbnail's pixels, as a 48 px avatar shows it. */
async function thumbnail(image: Buffer): Promise<Buffer> {
  return sharp(image).resize(48, 48).removeAlpha().raw().toBuffer();
}

/** Mean difference per channel between two thumbnails, from 0 to 255. */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe('portrait', () => {
  it('draws the same 256 px WebP for the same name', async () => {
    const [first, again] = [await portrait('luna-rivers'), await portrait('luna-rivers')];
    expect(again.equals(first)).toBe(true);
    expect(await sharp(first).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('draws a different person for each name, each with more than a few colours', async () => {
    const thumbs = await Promise.all(names.map(async (n) => thumbnail(await portrait(n))));
    for (const [i, a] of thumbs.entries()) {
      const stats = await sharp(a, { raw: { width: 48, height: 48, channels: 3 } }).stats();
      // A face on a background, not a flat fill: every channel spans light and shadow.
      for (const channel of stats.channels) expect(channel.max - channel.min).toBeGreaterThan(60);
      for (const b of thumbs.slice(i + 1)) expect(difference(a, b)).toBeGreaterThan(8);
    }
  });

  it('draws someone else for the same name of another gender', async () => {
    const [him, her] = [await portrait('theo-vance', 'male'), await portrait('theo-vance', 'female')];
    expect(difference(await thumbnail(him), await thumbnail(her))).toBeGreaterThan(0);
  });
});
