import type { ClientRequest } from 'node:http';
import { mediaMessages } from '@cove/contracts';
import sharp from 'sharp';
import { media } from '../../src/db/schema';
import { leftovers } from './helpers/leftovers';
import { rawUploadServer, until, write } from './helpers/raw-upload';
import { scratchFiles } from './helpers/upload';

// A one-second window keeps the test short; the rate is the default's.
const server = rawUploadServer({ MEDIA_UPLOAD_RATE_WINDOW_S: '1', MEDIA_UPLOAD_MIN_KIB_S: '16' });
const { t } = server;

const boundary = '----covecutofftest';
const fileHead = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
);
const tail = Buffer.from(
  `\r\n--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nmessage\r\n--${boundary}--\r\n`,
);

/** A JPEG of noise: hundreds of KiB, so it arrives in many chunks. */
const noisyJpeg = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

const openUpload = (bodyBytes: number) => server.openUpload(boundary, bodyBytes);

/** Sends `bytes` one at a time, 50 ms apart (20 B/s), until `stopWhen` settles or the socket is gone. */
async function trickle(req: ClientRequest, bytes: Buffer, stopWhen: Promise<unknown>) {
  let over = false;
  const done = () => (over = true);
  stopWhen.then(done, done);
  for (const byte of bytes) {
    if (over || req.destroyed) return;
    req.write(Buffer.from([byte]));
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('an upload slower than the minimum rate', () => {
  it('is cut off with a 408 once its window has passed, the connection closed and its staged file removed', async () => {
    const jpeg = await noisyJpeg(900, 700);
    const { req, answer, closed } = openUpload(fileHead.length + jpeg.length + tail.length);
    await write(req, fileHead);
    // The type is known and the file staged; then the bytes slow to a trickle.
    await write(req, jpeg.subarray(0, 80 * 1024));
    await until(() => scratchFiles(t).length === 1);
    await trickle(req, jpeg.subarray(80 * 1024), answer);
    const res = await answer;
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toEqual({ message: mediaMessages.uploadFailed, code: 'upload_too_slow' });
    // The server hung up: the rest of the body is not waited for.
    await closed;
    await until(() => scratchFiles(t).length === 0, 2_000);
    expect(await t.db.$count(media)).toBe(0);
    expect(await leftovers(t)).toEqual([]);
  }, 30_000);

  it('is cut off the same way while still sending the form before its file', async () => {
    const { req, answer, closed } = openUpload(fileHead.length + 10 + tail.length);
    await trickle(req, fileHead, answer);
    expect((await answer).status).toBe(408);
    await closed;
    expect(scratchFiles(t)).toEqual([]);
  }, 30_000);

  it('is not cut off while it keeps the pace', async () => {
    const jpeg = await noisyJpeg(1200, 900);
    const { req, answer } = openUpload(fileHead.length + jpeg.length + tail.length);
    await write(req, fileHead);
    // 160 KiB/s for a few windows: slow, but above the minimum.
    for (let at = 0; at < jpeg.length; at += 16 * 1024) {
      await write(req, jpeg.subarray(at, at + 16 * 1024));
      await new Promise((r) => setTimeout(r, 100));
    }
    req.end(tail);
    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'ready', width: 1200, height: 900 });
  }, 30_000);

  it('is hung up on when, refused, it sends the rest of its body that slowly', async () => {
    const jpeg = await noisyJpeg(1000, 600);
    // Announced far over the photo limit: refused once its type is known.
    const { req, answer, closed } = openUpload(200 * 1024 * 1024);
    let hungUp = false;
    void closed.then(() => (hungUp = true));
    await write(req, fileHead);
    await write(req, jpeg.subarray(0, 80 * 1024));
    expect((await answer).status).toBe(413);
    // Ten seconds of a trickle at most: the server hangs up long before.
    await trickle(req, Buffer.alloc(200), closed);
    expect(hungUp).toBe(true);
    await until(() => scratchFiles(t).length === 0, 2_000);
  }, 30_000);
});

describe('an upload the client abandons halfway', () => {
  it('stores nothing when it hangs up after its file, while the rest of the form is on its way', async () => {
    const jpeg = await noisyJpeg(1000, 650);
    const before = await t.db.$count(media);
    const { req, closed } = openUpload(fileHead.length + jpeg.length + tail.length);
    await write(req, fileHead);
    await write(req, jpeg);
    await write(req, tail.subarray(0, 20));
    await until(() => scratchFiles(t).length === 1);
    req.destroy();
    await closed;
    await until(() => scratchFiles(t).length === 0, 2_000);
    // Whatever the server was doing with the file when the client left, it keeps nothing of it.
    await new Promise((r) => setTimeout(r, 500));
    expect(await t.db.$count(media)).toBe(before);
  });

  it('leaves no staged file when many hang up at once, each at another point of its file', async () => {
    const jpeg = await noisyJpeg(1000, 700);
    const before = await t.db.$count(media);
    await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const { req } = openUpload(fileHead.length + jpeg.length + tail.length);
        await write(req, fileHead);
        await write(req, jpeg.subarray(0, 1 + i * 9_000));
        await new Promise((r) => setTimeout(r, (i % 6) * 15));
        req.destroy();
      }),
    );
    await until(() => scratchFiles(t).length === 0, 2_000);
    expect(await t.db.$count(media)).toBe(before);
  });

  it('leaves no staged file when it goes silent, as a dropped connection does', async () => {
    const jpeg = await noisyJpeg(1000, 790);
    const { req, answer } = openUpload(fileHead.length + jpeg.length + tail.length);
    await write(req, fileHead);
    await write(req, jpeg.subarray(0, 100 * 1024));
    await until(() => scratchFiles(t).length === 1);
    expect((await answer).status).toBe(408);
    await until(() => scratchFiles(t).length === 0, 2_000);
  });
});
