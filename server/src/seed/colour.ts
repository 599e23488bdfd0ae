/** `#rrggbb` colours mixed in sRGB: enough for shading and haze in the drawn demo pictures. */
export function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const out = [0, 1, 2].map((i) => Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Lightness from 0 (black) to 1 (white), as the eye weighs the channels. */
export function lightness(hex: string): number {
  const channel = (i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}
