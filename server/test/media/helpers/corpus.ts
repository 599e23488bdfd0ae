import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { phoneMp4, photo, quicktime, webm } from './fixtures';

export interface CorpusFile {
  label: string;
  data: Buffer;
  name: string;
  type: string;
  fields?: Record<string, string>;
}

/** A small deterministic PRNG, so a failing case can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Ten damaged variants of a valid file: cut short, bytes flipped in the header, garbage after the magic, doubled, zeroed. */
function mutations(label: string, seed: Buffer, name: string, type: string, n: number): CorpusFile[] {
  const rand = prng(n);
  const out: CorpusFile[] = [];
  const add = (what: string, data: Buffer) => out.push({ label: `${label} ${what}`, data, name, type });
  for (const f of [0.01, 0.1, 0.5, 0.9])
    add(`cut at ${f * 100}%`, seed.subarray(0, Math.max(1, Math.floor(seed.length * f))));
  for (let k = 0; k < 3; k++) {
    const copy = Buffer.from(seed);
    for (let j = 0; j < 8; j++) {
      const at = 4 + Math.floor(rand() * Math.min(400, copy.length - 4));
      copy[at] = Math.floor(rand() * 256);
    }
    add(`header flipped #${k}`, copy);
  }
  const garbage = Buffer.from(seed);
  for (let i = 16; i < garbage.length; i++) garbage[i] = Math.floor(rand() * 256);
  add('garbage after the magic', garbage);
  add('doubled', Buffer.concat([seed, seed]));
  const zeroed = Buffer.from(seed);
  zeroed.fill(0, Math.floor(seed.length * 0.35), Math.floor(seed.length * 0.65));
  add('middle zeroed', zeroed);
  return out;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  // node:zlib's crc32 arrived in Node 20.15; the workspace needs 20.19.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the typed import of zlib lacks crc32 on older @types/node
  crc.writeUInt32BE((require('node:zlib') as { crc32(b: Buffer): number }).crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A PNG of `w` x `h` black pixels: tiny on disk, huge once decoded. */
function pngOfZeros(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const row = Buffer.alloc(w + 1);
  const rows = Buffer.alloc(row.length * h);
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    sig,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG whose frame header claims 65500 x 65500 pixels. */
async function jpegClaiming(w: number, h: number): Promise<Buffer> {
  const jpeg = await photo({ width: 16, height: 16 });
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(h, sof + 5);
  jpeg.writeUInt16BE(w, sof + 7);
  return jpeg;
}

const text = (s: string) => Buffer.from(s, 'utf8');

/** The hostile and malformed files of the corpus test, all made here; more than a hundred. */
export async function hostileCorpus(): Promise<CorpusFile[]> {
  const jpeg = await photo({ width: 320, height: 240, orientation: 8 });
  const png = await photo({ width: 200, height: 150, format: 'png' });
  const gif = await photo({ width: 120, height: 90, format: 'gif' });
  const webp = await photo({ width: 200, height: 120, format: 'webp' });
  const mp4 = phoneMp4();
  const vp8 = webm();
  const mov = quicktime();
  const files: CorpusFile[] = [
    ...mutations('jpeg', jpeg, 'a.jpg', 'image/jpeg', 1),
    ...mutations('png', png, 'a.png', 'image/png', 2),
    ...mutations('gif', gif, 'a.gif', 'image/gif', 3),
    ...mutations('webp', webp, 'a.webp', 'image/webp', 4),
    ...mutations('mp4', mp4, 'a.mp4', 'video/mp4', 5),
    ...mutations('webm', vp8, 'a.webm', 'video/webm', 6),
    ...mutations('mov', mov, 'a.mov', 'video/quicktime', 7),
  ];
  const hls = '#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10.0,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n';
  const aviHead = Buffer.alloc(12);
  aviHead.write('RIFF', 0, 'latin1');
  aviHead.writeUInt32LE(4 + hls.length, 4);
  aviHead.write('AVI ', 8, 'latin1');
  const special: [string, Buffer, string, string][] = [
    ['one byte', Buffer.from([0xff]), 'a.jpg', 'image/jpeg'],
    ['a JPEG start marker only', Buffer.from([0xff, 0xd8, 0xff]), 'a.jpg', 'image/jpeg'],
    ['a megabyte of zeros', Buffer.alloc(1024 * 1024), 'a.jpg', 'image/jpeg'],
    [
      'HTML with a script',
      text('<!doctype html><script>alert(document.cookie)</script>'),
      'a.jpg',
      'image/jpeg',
    ],
    [
      'SVG with a script',
      text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'a.svg',
      'image/svg+xml',
    ],
    [
      'SVG with an external entity',
      text(
        '<?xml version="1.0"?><!DOCTYPE s [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
      ),
      'a.svg',
      'image/svg+xml',
    ],
    ['a PDF', text('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'a.pdf', 'application/pdf'],
    [
      'a ZIP',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]),
      'a.zip',
      'application/zip',
    ],
    [
      'a gzip',
      Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      'a.gz',
      'application/gzip',
    ],
    [
      'a Windows program',
      Buffer.concat([text('MZ'), Buffer.alloc(62), text('PE\0\0'), Buffer.alloc(200)]),
      'a.exe',
      'application/octet-stream',
    ],
    [
      'a Linux program',
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(120)]),
      'a.jpg',
      'image/jpeg',
    ],
    ['a shell script', text('#!/bin/sh\nrm -rf /\n'), 'a.mp4', 'video/mp4'],
    [
      'an MP3',
      Buffer.concat([text('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(200)]),
      'a.mp3',
      'audio/mpeg',
    ],
    [
      'a WAV',
      Buffer.concat([text('RIFF'), Buffer.from([36, 0, 0, 0]), text('WAVEfmt '), Buffer.alloc(40)]),
      'a.wav',
      'audio/wav',
    ],
    ['a FLAC', Buffer.concat([text('fLaC'), Buffer.alloc(60)]), 'a.flac', 'audio/flac'],
    ['an HLS playlist reading a local file', text(hls), 'a.mp4', 'video/mp4'],
    [
      'an ffconcat list reading a local file',
      text('ffconcat version 1.0\nfile /etc/passwd\n'),
      'a.mp4',
      'video/mp4',
    ],
    ['an AVI carrying an HLS playlist', Buffer.concat([aviHead, text(hls)]), 'a.avi', 'video/x-msvideo'],
    ['an MP4 with only its ftyp box', mp4.subarray(0, mp4.readUInt32BE(0)), 'a.mp4', 'video/mp4'],
    [
      'a PNG declaring 30000 x 30000',
      await (async () => {
        const p = pngOfZeros(1, 1);
        p.writeUInt32BE(30000, 16);
        p.writeUInt32BE(30000, 20);
        return p;
      })(),
      'a.png',
      'image/png',
    ],
    ['a PNG of 144 MP of zeros (a zlib bomb)', pngOfZeros(12000, 12000), 'a.png', 'image/png'],
    ['a PNG of 36 MP of zeros, under the limit', pngOfZeros(6000, 6000), 'a.png', 'image/png'],
    ['a JPEG declaring 65500 x 65500', await jpegClaiming(65500, 65500), 'a.jpg', 'image/jpeg'],
    [
      'a GIF declaring 65535 x 65535',
      (() => {
        const g = Buffer.from(gif);
        g.writeUInt16LE(65535, 6);
        g.writeUInt16LE(65535, 8);
        return g;
      })(),
      'a.gif',
      'image/gif',
    ],
    ['a TIFF', Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0]), Buffer.alloc(100)]), 'a.tif', 'image/tiff'],
    [
      'a HEIC',
      Buffer.concat([
        Buffer.from([0, 0, 0, 24]),
        text('ftypheic'),
        Buffer.from([0, 0, 0, 0]),
        text('mif1heic'),
        Buffer.alloc(100),
      ]),
      'a.heic',
      'image/heic',
    ],
    [
      'a BMP',
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .png()
        .toBuffer()
        .then(() => Buffer.concat([text('BM'), Buffer.alloc(60)])),
      'a.bmp',
      'image/bmp',
    ],
    [
      'a JPEG followed by a ZIP and HTML (a polyglot)',
      Buffer.concat([jpeg, Buffer.from([0x50, 0x4b, 0x03, 0x04]), text('<script>alert(1)</script>')]),
      'a.jpg',
      'image/jpeg',
    ],
    ['a JPEG with a path in its name', jpeg, '../../../../etc/passwd.jpg', 'image/jpeg'],
    [
      'a JPEG with a very long name',
      Buffer.concat([jpeg, Buffer.from([0])]),
      `${'x'.repeat(900)}.jpg`,
      'image/jpeg',
    ],
    ['a JPEG declared as a PDF', Buffer.concat([jpeg, Buffer.from([1])]), 'a.pdf', 'application/pdf'],
    ['a WebM named .jpg', vp8, 'a.jpg', 'image/jpeg'],
    [
      'UTF-16 text',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hello', 'utf16le')]),
      'a.jpg',
      'image/jpeg',
    ],
    [
      'Matroska magic then garbage',
      Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(300, 7)]),
      'a.mkv',
      'video/x-matroska',
    ],
  ];
  for (const [label, data, name, type] of special) files.push({ label, data, name, type });
  files.push({
    label: 'a JPEG with a wrong md5',
    data: Buffer.concat([jpeg, Buffer.from([2])]),
    name: 'a.jpg',
    type: 'image/jpeg',
    fields: { md5: '0'.repeat(32) },
  });
  files.push({
    label: 'a JPEG with a wrong size',
    data: Buffer.concat([jpeg, Buffer.from([3])]),
    name: 'a.jpg',
    type: 'image/jpeg',
    fields: { file_size: '1' },
  });
  return files;
}
