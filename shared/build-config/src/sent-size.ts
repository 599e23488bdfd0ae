import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Bytes of one built file as the server sends it: its precompressed copy when there is one, else itself. */
export interface SentSize {
  raw: number;
  brotli: number;
  gzip: number;
}

const sizeOr = (path: string, fallback: number) => (existsSync(path) ? statSync(path).size : fallback);

export function sentSize(outDir: string, file: string): SentSize {
  const path = join(outDir, file);
  const raw = statSync(path).size;
  return { raw, brotli: sizeOr(`${path}.br`, raw), gzip: sizeOr(`${path}.gz`, raw) };
}

export function sumSizes(sizes: SentSize[]): SentSize {
  return sizes.reduce(
    (a, s) => ({ raw: a.raw + s.raw, brotli: a.brotli + s.brotli, gzip: a.gzip + s.gzip }),
    {
      raw: 0,
      brotli: 0,
      gzip: 0,
    },
  );
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

/** `231.4 KB brotli (262.0 KB gzip, 890.2 KB uncompressed)` */
export const describeSize = (s: SentSize) =>
  `${kb(s.brotli).toFixed(1)} KB brotli (${kb(s.gzip).toFixed(1)} KB gzip, ${kb(s.raw).toFixed(1)} KB uncompressed)`;
