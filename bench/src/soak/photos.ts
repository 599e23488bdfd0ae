import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import type { Answer } from './client';
import type { Person } from './people';

let made = 0;

/** A small photo, a JPEG or a PNG, different in every call (a counter is drawn into it). */
export async function photo(): Promise<{ bytes: Buffer; name: string; type: string }> {
  const n = ++made;
  const width = 320 + (n % 5) * 120;
  const height = 240 + (n % 3) * 120;
  const hue = (n * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue},70%,55%)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="hsl(${(hue + 180) % 360},70%,45%)"/>
    <text x="20" y="${height - 20}" font-family="sans-serif" font-size="32" fill="#fff">soak ${n}</text></svg>`;
  const image = sharp(Buffer.from(svg));
  return n % 2
    ? { bytes: await image.jpeg({ quality: 85 }).toBuffer(), name: `soak-${n}.jpg`, type: 'image/jpeg' }
    : { bytes: await image.png().toBuffer(), name: `soak-${n}.png`, type: 'image/png' };
}

/** Uploads a new photo as the app does (`POST /v1/media`, multipart); answers its ids, or null when refused. */
export async function uploadPhoto(
  who: Person,
  type: 'message' | 'paid_message',
): Promise<{ media_id: string; public_id: string } | null> {
  const { bytes, name, type: mime } = await photo();
  const form = new FormData();
  form.append('file_size', String(bytes.length));
  form.append('md5', createHash('md5').update(bytes).digest('hex'));
  form.append('type', type);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: mime }), name);
  const res: Answer = await who.api.call('upload_photo', 'POST', '/v1/media', form);
  if (res.status !== 200) return null;
  const { media_id, public_id, status } = res.json<{ media_id: string; public_id: string; status: string }>();
  // The answer waits a little for the photo's renditions; on a busy server the app polls, as here.
  for (let left = 60, now = status; now !== 'ready'; left--) {
    if (now === 'failed' || left === 0) return null;
    await sleep(500);
    const polled = await who.api.call('media_status', 'GET', `/v1/media/${media_id}`);
    now = polled.status === 200 ? polled.json<{ status: string }>().status : 'failed';
  }
  return { media_id, public_id };
}
