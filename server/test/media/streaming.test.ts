import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mediaMessages } from '@cove/contracts';
import { media } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/users';
import { phoneMp4 } from './helpers/fixtures';
import { leftovers } from './helpers/leftovers';
import { scratchFiles, settled } from './helpers/upload';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

let t: TestApp;
let port: number;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ env: { MEDIA_MAX_VIDEO_MB: '400' } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  token = (await signedInUser(t.db, { type: 'featured' })).token;
});
// A test that failed halfway leaves its upload open, and the server would wait for the rest of it.
const uploads = new Set<ReturnType<typeof request>>();
afterAll(async () => {
  for (const req of uploads) req.destroy();
  await t?.close();
});

const boundary = '----covestreamtest';
const head = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
);
const tail = Buffer.from(
  `\r\n--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nmessage\r\n--${boundary}--\r\n`,
);

/** A raw upload over a real socket, so the test controls the pace and can hang up halfway. */
function openUpload(fileBytes: number) {
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/v1/media',
    headers: {
      'access-token': token,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + fileBytes + tail.length,
    },
  });
  uploads.add(req);
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  // Tests that hang up on purpose, or fail halfway, never read the answer.
  answer.catch(() => undefined);
  return { req, answer };
}

/** The first 64 KiB of an MP4: enough for the sniffer to call the upload a video. */
const mp4Start = () => Buffer.concat([phoneMp4(), Buffer.alloc(64 * 1024)]).subarray(0, 64 * 1024);

const write = (req: ReturnType<typeof request>, chunk: Buffer) =>
  new Promise<void>((resolve) => (req.write(chunk) ? resolve() : req.once('drain', resolve)));

function stagedBytes(): number {
  const dir = join(t.config.dataDir, 'media', 'staging');
  return readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
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
  await settled(t.app, token, JSON.parse(res.body).media_id);
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
