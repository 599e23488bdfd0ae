import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Gif, GifProvider } from './provider';

interface Entry {
  id: string;
  title: string;
  tags: string[];
  colors: [string, string];
  /** Draws frame `i` of `n` as SVG body (160 x 120). */
  frame: (i: number, n: number) => string;
}

const W = 160;
const H = 120;
const text = (s: string, size: number, y = 68) =>
  `<text x="80" y="${y}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#fff">${s}</text>`;
const wave = (i: number, n: number) => Math.sin((2 * Math.PI * i) / n);
/** The label grows and shrinks. */
const pulsing = (label: string, size: number, y?: number) => (i: number, n: number) =>
  text(label, size * (1 + 0.18 * wave(i, n)), y);
/** The label moves down and up by `lift` pixels (up first when `lift` is negative). */
const bobbing = (label: string, size: number, lift: number) => (i: number, n: number) =>
  text(label, size, 68 + lift * wave(i, n));

const entry = (
  id: string,
  title: string,
  tags: string[],
  colors: [string, string],
  frame: Entry['frame'],
): Entry => ({ id, title, tags, colors, frame });

const entries: Entry[] = [
  entry('hello', 'Hello', ['hi', 'hey', 'wave', 'greeting'], ['#6a4cff', '#d66efd'], pulsing('Hello!', 30)),
  entry(
    'thanks',
    'Thank you',
    ['thanks', 'thx', 'grateful'],
    ['#2ec4b6', '#9ef01a'],
    pulsing('Thank you', 24),
  ),
  entry('love', 'Love', ['heart', 'love', 'xoxo'], ['#ef476f', '#ffd166'], pulsing('\u2665', 64, 82)),
  entry('lol', 'LOL', ['laugh', 'funny', 'haha'], ['#ff7a59', '#ffb347'], bobbing('LOL', 40, 6)),
  entry('wow', 'Wow', ['wow', 'amazing', 'omg'], ['#3a86ff', '#8338ec'], pulsing('WOW', 36)),
  entry('party', 'Party', ['party', 'celebrate', 'yay'], ['#ffbe0b', '#fb5607'], (i) =>
    text(i % 2 ? '\u2605 Yay \u2605' : 'Yay!', 30),
  ),
  entry(
    'good-night',
    'Good night',
    ['night', 'sleep', 'bye'],
    ['#1d3557', '#457b9d'],
    bobbing('Good night', 22, -4),
  ),
  entry(
    'good-morning',
    'Good morning',
    ['morning', 'sun', 'hi'],
    ['#ffb703', '#fb8500'],
    pulsing('Good morning', 20),
  ),
  entry('miss-you', 'Miss you', ['miss', 'love'], ['#c9184a', '#ff758f'], pulsing('Miss you', 26)),
  entry('fire', 'Fire', ['hot', 'fire', 'lit'], ['#d00000', '#ffba08'], pulsing('HOT', 38)),
];

const FRAMES = 8;

async function render(e: Entry): Promise<Buffer> {
  const frames = await Promise.all(
    Array.from({ length: FRAMES }, (_, i) =>
      sharp(
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
          <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${e.colors[0]}"/><stop offset="1" stop-color="${e.colors[1]}"/></linearGradient></defs>
          <rect width="${W}" height="${H}" fill="url(#g)"/>${e.frame(i, FRAMES)}</svg>`),
      )
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: 90, loop: 0 })
    .toBuffer();
}

/**
 * The default GIF provider: a small library of animated GIFs drawn on this machine, stored once
 * under DATA_DIR/media/public and served by Cove itself, so no outside service is needed.
 */
export function createLocalGifLibrary(mediaDir: string): GifProvider {
  const dir = join(mediaDir, 'public');
  let ready: Promise<void> | null = null;
  const ensure = () =>
    (ready ??= (async () => {
      await mkdir(dir, { recursive: true });
      for (const e of entries) {
        const file = join(dir, `gif-${e.id}.gif`);
        if (!existsSync(file)) await writeFile(file, await render(e));
      }
    })());
  return {
    async search(query, limit) {
      await ensure();
      const q = query.trim().toLowerCase();
      const hits = entries.filter(
        (e) => !q || e.title.toLowerCase().includes(q) || e.tags.some((t) => t.startsWith(q)),
      );
      return hits.slice(0, limit).map((e): Gif => ({
        id: e.id,
        title: e.title,
        url: `/media/public/gif-${e.id}.gif`,
        width: W,
        height: H,
      }));
    },
  };
}
