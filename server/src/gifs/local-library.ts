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
const pulse = (i: number, n: number) => 1 + 0.18 * Math.sin((2 * Math.PI * i) / n);

const entries: Entry[] = [
  {
    id: 'hello',
    title: 'Hello',
    tags: ['hi', 'hey', 'wave', 'greeting'],
    colors: ['#6a4cff', '#d66efd'],
    frame: (i, n) => text('Hello!', 30 * pulse(i, n)),
  },
  {
    id: 'thanks',
    title: 'Thank you',
    tags: ['thanks', 'thx', 'grateful'],
    colors: ['#2ec4b6', '#9ef01a'],
    frame: (i, n) => text('Thank you', 24 * pulse(i, n)),
  },
  {
    id: 'love',
    title: 'Love',
    tags: ['heart', 'love', 'xoxo'],
    colors: ['#ef476f', '#ffd166'],
    frame: (i, n) => text('\u2665', 64 * pulse(i, n), 82),
  },
  {
    id: 'lol',
    title: 'LOL',
    tags: ['laugh', 'funny', 'haha'],
    colors: ['#ff7a59', '#ffb347'],
    frame: (i, n) => text('LOL', 40, 68 + 6 * Math.sin((2 * Math.PI * i) / n)),
  },
  {
    id: 'wow',
    title: 'Wow',
    tags: ['wow', 'amazing', 'omg'],
    colors: ['#3a86ff', '#8338ec'],
    frame: (i, n) => text('WOW', 36 * pulse(i, n)),
  },
  {
    id: 'party',
    title: 'Party',
    tags: ['party', 'celebrate', 'yay'],
    colors: ['#ffbe0b', '#fb5607'],
    frame: (i) => text(i % 2 ? '\u2605 Yay \u2605' : 'Yay!', 30),
  },
  {
    id: 'good-night',
    title: 'Good night',
    tags: ['night', 'sleep', 'bye'],
    colors: ['#1d3557', '#457b9d'],
    frame: (i, n) => text('Good night', 22, 68 - 4 * Math.sin((2 * Math.PI * i) / n)),
  },
  {
    id: 'good-morning',
    title: 'Good morning',
    tags: ['morning', 'sun', 'hi'],
    colors: ['#ffb703', '#fb8500'],
    frame: (i, n) => text('Good morning', 20 * pulse(i, n)),
  },
  {
    id: 'miss-you',
    title: 'Miss you',
    tags: ['miss', 'love'],
    colors: ['#c9184a', '#ff758f'],
    frame: (i, n) => text('Miss you', 26 * pulse(i, n)),
  },
  {
    id: 'fire',
    title: 'Fire',
    tags: ['hot', 'fire', 'lit'],
    colors: ['#d00000', '#ffba08'],
    frame: (i, n) => text('HOT', 38 * pulse(i, n)),
  },
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
