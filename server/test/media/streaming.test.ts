import { mediaMessages } from '@cove/contracts';
import { media } from '../../src/db/schema';
import { phoneMp4 } from './helpers/fixtures';
import { leftovers } from './helpers/leftovers';
import { rawUploadServer, until, write } from './helpers/raw-upload';
import { scratchFiles, settled } from './helpers/upload';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const server = rawUploadServer({ MEDIA_MAX_VIDEO_MB: '400' });
const { t } = server;

const boundary = '----covestreamtest';
const head = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
);
const tail = Buffer.from(
  `\r\n--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nmessage\r\n--${boundary}--\r\n`,
);

const openUpload = (fileBytes: number) => server.openUpload(boundary, head.length + fileBytes + tail.length);

/** The first 64 KiB of an MP4: enough for the sniffer to call the upload a video. */
const mp4Start = () => Buffer.concat([phoneMp4(), Buffer.alloc(64 * 1024)]).subarray(0, 64 * 1024);

function stagedBytes(): number {
  const dir = join(t.config.dataDir, 'media', 'staging');
  return readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
}

it('writes the file to storage while it is still arriving, and removes it when the client hangs up', async () => {
  const video = phoneMp4();
  const { req } = openUpload(50 * 1024 * 1024);
  await write(req, head);
  await write(req, video);
  for (let i = 0; i < 8; i++) await write(req, Buffer.alloc(1024 * 1024, i));
  // The route reads as bytes arrive: no body is buffered before it, so upload progress is real.
  await until(() => stagedBytes() >= 4 * 1024 * 1024);
  req.destroy();
  await until(() => scratchFiles(t).length === 0);
  expect(await t.db.$count(media)).toBe(0);
  expect(await leftovers(t)).toEqual([]);
});

it('keeps memory flat while a 300 MB upload streams through', async () => {
  const size = 300 * 1024 * 1024;
  const start = mp4Start();
  const { req, answer } = openUpload(size);
  const chunk = Buffer.alloc(1024 * 1024, 1);
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  let res;
  try {
    await write(req, head);
    await write(req, start);
    for (let sent = 64 * 1024; sent < size; sent += chunk.length)
      await write(req, sent + chunk.length <= size ? chunk : chunk.subarray(0, size - sent));
    req.end(tail);
    res = await answer;
  } finally {
    clearInterval(sampler);
  }
  // A whole MP4 followed by filler: players ignore what follows the index, and so does the check.
  expect(res.status).toBe(200);
  await settled(t.app, server.token, JSON.parse(res.body).media_id);
  // The whole body passed through this process; far less than it stayed in memory.
  expect(peak - before).toBeLessThan(120 * 1024 * 1024);
  expect(await leftovers(t)).toEqual([]);
}, 120_000);

it('refuses a body announced too large after its first bytes, without reading it all', async () => {
  const { req, answer } = openUpload(450 * 1024 * 1024);
  await write(req, head);
  await write(req, mp4Start());
  const res = await Promise.race([answer, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
  req.destroy();
  expect(res).toMatchObject({ status: 413 });
  expect(JSON.parse(res?.body ?? '{}').message).toBe(mediaMessages.videoTooLarge);
  await until(() => scratchFiles(t).length === 0);
  expect(await leftovers(t)).toEqual([]);
});
