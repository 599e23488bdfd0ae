import sharp from 'sharp';
import { scene, type SceneKind } from './scene';

const kinds: SceneKind[] = ['hills', 'mountains', 'lake', 'city'];

async function pixels(
  seed: string,
  kind?: SceneKind,
  sky?: readonly [string, string],
  width = 300,
  height = 200,
) {
  const image = await scene(seed, { width, height, kind, sky });
  return image.removeAlpha().raw().toBuffer();
}

describe('scene', () => {
  it('draws the same pixels for the same seed, at the size asked for', async () => {
    const image = await (await scene('cover:luna-rivers', { width: 1500, height: 500 })).webp().toBuffer();
    expect(await sharp(image).metadata()).toMatchObject({ format: 'webp', width: 1500, height: 500 });
    expect((await pixels('Lisbon')).equals(await pixels('Lisbon'))).toBe(true);
  });

  it('draws every kind of scene differently', async () => {
    const drawn = await Promise.all(kinds.map((k) => pixels('Lisbon', k, ['#f7971e', '#b24592'])));
    for (const [i, a] of drawn.entries()) for (const b of drawn.slice(i + 1)) expect(a.equals(b)).toBe(false);
  });

  it('draws a dark sky as a city at night, lit windows and all', async () => {
    const night = await pixels('Rua Augusta', undefined, ['#232526', '#414345'], 600, 450);
    const stats = await sharp(night, { raw: { width: 600, height: 450, channels: 3 } }).stats();
    expect(stats.channels[0]?.mean).toBeLessThan(80);
    // Lit windows and street lights: bright spots in the dark.
    expect(stats.channels[0]?.max).toBeGreaterThan(160);
  });
});
