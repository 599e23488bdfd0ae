import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/** Where the GPS fixtures claim to be: the Eiffel tower. */
export const GPS = { lat: '48/1 51/1 2909/100', lon: '2/1 17/1 4000/100' };

/** A photo with a gradient (so renditions are not flat), EXIF orientation and GPS coordinates. */
export async function photo(
  opts: {
    width?: number;
    height?: number;
    orientation?: number;
    format?: 'jpeg' | 'png' | 'webp' | 'gif';
  } = {},
): Promise<Buffer> {
  const { width = 800, height = 600, orientation, format = 'jpeg' } = opts;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = x < width / 2 ? 255 : 0;
    }
  }
  let img = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (format === 'jpeg') {
    img = img.jpeg({ quality: 90 });
    if (orientation) img = img.withMetadata({ orientation });
    img = img.withExif({
      IFD0: { Make: 'CoveTestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: GPS.lat, GPSLongitudeRef: 'E', GPSLongitude: GPS.lon },
    });
  } else if (format === 'png') img = img.png();
  else if (format === 'webp') img = img.webp();
  else img = img.gif();
  return img.toBuffer();
}

/** A short clip made by ffmpeg from its test pattern; `args` picks codec and container. */
export function clip(
  args: string[],
  ext: string,
  opts: { seconds?: number; size?: string; audio?: boolean } = {},
): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'cove-clip-'));
  const out = join(dir, `clip.${ext}`);
  try {
    const input = [
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${opts.size ?? '320x240'}:rate=25:duration=${opts.seconds ?? 2}`,
    ];
    const audio =
      opts.audio === false ? [] : ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${opts.seconds ?? 2}`];
    execFileSync('ffmpeg', ['-v', 'error', '-y', ...input, ...audio, ...args, '-shortest', out], {
      stdio: 'pipe',
    });
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Matroska written as a stream: its header carries no length, so only decoding finds it out. */
export const unmarkedLength = (seconds: number) =>
  execFileSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=160x120:rate=25:duration=${seconds}`],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-f', 'matroska', 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );

/** Phone-like MP4: H.264/AAC, index at the end, a location tag and a portrait rotation flag. */
export const phoneMp4 = () =>
  rotated90(
    clip(
      ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-metadata', 'location=+48.8583+002.2945/'],
      'mp4',
    ),
  );

/**
 * Sets the first track's display matrix to a quarter turn, as phones record portrait video (this
 * ffmpeg cannot write one itself). The matrix sits 48 bytes into a version-0 `tkhd` box.
 */
function rotated90(mp4: Buffer): Buffer {
  const box = mp4.indexOf('tkhd') - 4;
  const matrix = [0, 0x10000, 0, 0xffff0000, 0, 0, 0, 0, 0x40000000];
  matrix.forEach((v, k) => mp4.writeUInt32BE(v >>> 0, box + 48 + k * 4));
  return mp4;
}
/** Plays in browsers as is: remuxed, not transcoded. */
export const webMp4 = () =>
  clip(['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart'], 'mp4');
/** Needs transcoding: VP8/Vorbis in WebM. */
export const webm = () =>
  clip(['-c:v', 'libvpx', '-b:v', '200k', '-c:a', 'libvorbis'], 'webm', { seconds: 1, size: '160x120' });
/** QuickTime with MPEG-4 part 2 video, no sound: transcoded. */
export const quicktime = () => clip(['-c:v', 'mpeg4', '-f', 'mov'], 'mov', { seconds: 1, audio: false });

/** The markers of a JPEG's segments up to the image data (APP1 is EXIF or XMP). */
export function jpegMarkers(buf: Buffer): number[] {
  const out: number[] = [];
  let i = 2;
  while (i + 4 <= buf.length && buf[i] === 0xff) {
    const marker = buf[i + 1] ?? 0;
    out.push(marker);
    if (marker === 0xda) break;
    i += 2 + buf.readUInt16BE(i + 2);
  }
  return out;
}

/** Whether any trace of the fixtures' location survives in a file's bytes. */
export function hasLocation(buf: Buffer): boolean {
  const text = buf.toString('latin1');
  return (
    jpegMarkers(buf).includes(0xe1) ||
    text.includes('+48.8583') ||
    text.includes('\u00a9xyz') ||
    text.includes('ISO6709') ||
    text.includes('GPS') ||
    text.includes('CoveTestCam')
  );
}
