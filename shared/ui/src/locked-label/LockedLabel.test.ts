import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Rgb = [number, number, number];

/** The declarations of `.label` in the label's stylesheet, as the browser will read them. */
function declarations(): Record<string, string> {
  const css = readFileSync(join(__dirname, 'LockedLabel.module.css'), 'utf8');
  const block = /\.label\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  return Object.fromEntries(
    block
      .split(';')
      .map((d) => d.split(':').map((s) => s.trim()))
      .filter((d): d is [string, string] => d.length === 2),
  );
}

function parseColour(value: string): { rgb: Rgb; alpha: number } {
  const hex = /^#([0-9a-f]{6})$/i.exec(value)?.[1];
  if (hex) return { rgb: [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb, alpha: 1 };
  const rgb = /^rgb\((\d+) (\d+) (\d+)(?: \/ (\d+)%)?\)$/.exec(value);
  if (!rgb) throw new Error(`unreadable colour ${value}`);
  return { rgb: [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])], alpha: rgb[4] ? Number(rgb[4]) / 100 : 1 };
}

/** WCAG 2 relative luminance and contrast ratio. */
const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const over = (top: { rgb: Rgb; alpha: number }, below: Rgb): Rgb =>
  top.rgb.map((c, i) => c * top.alpha + (below[i] ?? 0) * (1 - top.alpha)) as Rgb;

describe('locked label colours', () => {
  const d = declarations();
  const text = parseColour(d.color ?? '');
  const scrim = parseColour(d.background ?? '');

  // Any picture under the scrim lies between black and white, and white text is hardest to read
  // where the picture is white; mid-greys in between give a contrast between these two.
  it.each([
    ['white', [255, 255, 255] as Rgb],
    ['mid grey', [128, 128, 128] as Rgb],
    ['black', [0, 0, 0] as Rgb],
  ])('keeps AA contrast (4.5:1) over a %s preview', (_name, picture) => {
    expect(text.alpha).toBe(1);
    expect(contrast(text.rgb, over(scrim, picture))).toBeGreaterThanOrEqual(4.5);
  });
});
