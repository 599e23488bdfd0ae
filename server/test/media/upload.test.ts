import { mediaMessages, type MediaResponse } from '@cove/contracts';
import sharp from 'sharp';
import { media } from '../../src/db/schema';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/users';
import { backends } from './helpers/backends';
import { hasLocation, jpegMarkers, phoneMp4, photo, webm } from './helpers/fixtures';
import { leftovers } from './helpers/leftovers';
import { fetchMedia, md5, multipart, settled, upload } from './helpers/upload';

describe.each(backends())('uploads stored on $name', (backend) => {
  let t: TestApp;
  let creator: { token: string; id: string };

  beforeAll(async () => {
    const env = await backend.start();
    t = await createTestApp({ env: { ...env, MEDIA_MAX_PHOTO_MB: '2', MEDIA_MAX_VIDEO_MB: '3' } });
    const u = await signedInUser(t.db, { type: 'featured' });
    creator = { token: u.token, id: u.user.id };
  });
  afterAll(async () => {
    await t.close();
    await backend.stop();
  });

  it('makes a photo ready in the upload answer: every rendition upright, JPEG, with no metadata', async () => {
    const data = await photo({ width: 1200, height: 800, orientation: 6 });
    const res = await upload(t.app, creator.token, { data, name: 'beach.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as MediaResponse;
    expect(body).toMatchObject({
      status: 'ready',
      width: 800,
      height: 1200,
      video_length: null,
      message: null,
    });
    expect(body.media).toMatchObject({ type: 'image', locked: false, video_url: null });

    const sizes: Record<string, [number, number]> = {};
    for (const name of ['th', 'st', 'rt', 'sr'] as const) {
      const url = body.media[name];
      expect(url).toMatch(new RegExp(`^/media/[A-Za-z0-9_-]+/${name}\\.jpg$`));
      const file = await fetchMedia(t.app, url as string);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toContain('sandbox');
      expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(hasLocation(file.rawPayload)).toBe(false);
      expect(jpegMarkers(file.rawPayload)).not.toContain(0xe1);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.orientation).toBeUndefined();
      sizes[name] = [meta.width ?? 0, meta.height ?? 0];
    }
    // Portrait after the EXIF turn: 800x1200 fits 320 and 1440 boxes as 213x320 and 800x1200 (never enlarged).
    expect(sizes).toEqual({ th: [213, 320], st: [800, 1200], rt: [540, 960], sr: [480, 480] });

    const [row] = await t.db.select().from(media).where(eq(media.id, body.media_id));
    expect(row).toMatchObject({
      md5: md5(data),
      size: data.length,
      sourceType: 'image/jpeg',
      originalKey: null,
    });
    expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await leftovers(t)).toEqual([]);
  });

  it('turns a phone video into a web MP4 with its index first, a still and a thumbnail, without its location', async () => {
    const data = phoneMp4();
    const res = await upload(t.app, creator.token, { data, name: 'clip.mp4', type: 'video/mp4' });
    expect(res.statusCode).toBe(200);
    const body = await settled(t.app, creator.token, (res.json() as MediaResponse).media_id);
    expect(body).toMatchObject({ status: 'ready', width: 240, height: 320 });
    expect(body.video_length).toBeCloseTo(2, 0);
    expect(body.media.type).toBe('video');

    const video = await fetchMedia(t.app, body.media.video_url as string);
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.headers['accept-ranges']).toBe('bytes');
    const bytes = video.rawPayload;
    // faststart: the index (moov) comes before the media data (mdat).
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    expect(hasLocation(bytes)).toBe(false);

    const still = await fetchMedia(t.app, body.media.st as string);
    expect(still.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(still.rawPayload).metadata()).toMatchObject({ width: 240, height: 320 });
    expect(
      (await sharp((await fetchMedia(t.app, body.media.th as string)).rawPayload).metadata()).height,
    ).toBe(320);
    expect(await leftovers(t)).toEqual([]);
  });

  it('answers range requests on video, one range at a time', async () => {
    const res = await upload(t.app, creator.token, { data: webm(), name: 'x.webm', type: 'video/webm' });
    const body = await settled(t.app, creator.token, (res.json() as MediaResponse).media_id);
    expect(body.status).toBe('ready');
    const url = body.media.video_url as string;
    const whole = await fetchMedia(t.app, url);
    const size = whole.rawPayload.length;

    const first = await fetchMedia(t.app, url, { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.rawPayload).toEqual(whole.rawPayload.subarray(0, 100));

    const tail = await fetchMedia(t.app, url, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 10));

    const open = await fetchMedia(t.app, url, { range: `bytes=${size - 5}-` });
    expect(open.rawPayload.length).toBe(5);

    const past = await fetchMedia(t.app, url, { range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);

    const etag = whole.headers.etag as string;
    expect((await fetchMedia(t.app, url, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('knows a file it already has: the availability check and a second upload reuse it', async () => {
    const data = await photo({ width: 300, height: 200 });
    const first = (await upload(t.app, creator.token, { data, name: 'a.jpg' })).json() as MediaResponse;
    const check = await t.app.inject({
      url: `/v1/media/available?media_id=${md5(data)}&type=message`,
      headers: { 'access-token': creator.token },
    });
    expect(check.json()).toMatchObject({
      status: true,
      media: { media_id: first.media_id, status: 'ready' },
    });
    const again = (await upload(t.app, creator.token, { data, name: 'copy.jpg' })).json() as MediaResponse;
    expect(again.media_id).toBe(first.media_id);
    expect(await t.db.$count(media, eq(media.md5, md5(data)))).toBe(1);

    const unknown = await t.app.inject({
      url: `/v1/media/available?media_id=${'0'.repeat(32)}&type=message`,
      headers: { 'access-token': creator.token },
    });
    expect(unknown.json()).toEqual({ status: false, media: null });
    // A SHA-256 that does not match the stored bytes means another file, whatever the MD5 says.
    const wrongSha = await t.app.inject({
      url: `/v1/media/available?media_id=${md5(data)}&sha256=${'a'.repeat(64)}&type=message`,
      headers: { 'access-token': creator.token },
    });
    expect(wrongSha.json()).toEqual({ status: false, media: null });
    // Someone else's identical file is theirs: never offered to this user.
    const other = await signedInUser(t.db, { type: 'featured' });
    const theirs = await t.app.inject({
      url: `/v1/media/available?media_id=${md5(data)}&type=message`,
      headers: { 'access-token': other.token },
    });
    expect(theirs.json()).toEqual({ status: false, media: null });
  });

  describe("refuses bad uploads with the spec's words and leaves nothing behind", () => {
    const cases: [
      string,
      () => Promise<{ data: Buffer; name: string; type: string; fields?: Record<string, string> }>,
      number,
      string,
    ][] = [
      [
        'an empty file',
        async () => ({ data: Buffer.alloc(0), name: 'a.jpg', type: 'image/jpeg' }),
        400,
        mediaMessages.empty,
      ],
      [
        'a PDF',
        async () => ({
          data: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF'),
          name: 'a.pdf',
          type: 'application/pdf',
        }),
        415,
        mediaMessages.unsupported('application/pdf'),
      ],
      [
        'text named like a photo',
        async () => ({ data: Buffer.from('hello, not a photo at all'), name: 'a.jpg', type: 'image/jpeg' }),
        422,
        mediaMessages.imageFailed,
      ],
      [
        'text named like a video',
        async () => ({ data: Buffer.from('hello, not a video at all'), name: 'a.mp4', type: 'video/mp4' }),
        422,
        mediaMessages.videoFailed,
      ],
      [
        'plain text',
        async () => ({ data: Buffer.from('hello'), name: 'a.txt', type: 'text/plain' }),
        415,
        mediaMessages.unsupported('text/plain'),
      ],
      [
        'a photo too large',
        async () => ({
          data: Buffer.concat([await photo({ width: 64, height: 64 }), Buffer.alloc(3 * 1024 * 1024)]),
          name: 'big.jpg',
          type: 'image/jpeg',
        }),
        413,
        mediaMessages.photoTooLarge,
      ],
      [
        'a video too large',
        async () => ({
          data: Buffer.concat([webMp4Head(), Buffer.alloc(4 * 1024 * 1024)]),
          name: 'big.mp4',
          type: 'video/mp4',
        }),
        413,
        mediaMessages.videoTooLarge,
      ],
      [
        'a truncated photo',
        async () => ({
          data: (await photo({ width: 900, height: 900 })).subarray(0, 4000),
          name: 'cut.jpg',
          type: 'image/jpeg',
        }),
        422,
        mediaMessages.imageFailed,
      ],
      [
        'a truncated video',
        async () => ({ data: phoneMp4().subarray(0, 6000), name: 'cut.mp4', type: 'video/mp4' }),
        422,
        mediaMessages.videoFailed,
      ],
      [
        'a decompression bomb',
        async () => ({ data: await pngBomb(), name: 'bomb.png', type: 'image/png' }),
        413,
        mediaMessages.photoTooLarge,
      ],
      [
        'an md5 that does not match the bytes',
        async () => ({
          data: await photo({ width: 50, height: 50 }),
          name: 'a.jpg',
          type: 'image/jpeg',
          fields: { md5: 'f'.repeat(32) },
        }),
        400,
        mediaMessages.uploadFailed,
      ],
      [
        'a file_size that does not match the bytes',
        async () => ({
          data: await photo({ width: 51, height: 50 }),
          name: 'a.jpg',
          type: 'image/jpeg',
          fields: { file_size: '7' },
        }),
        400,
        mediaMessages.uploadFailed,
      ],
    ];
    it.each(cases)('%s', async (_label, make, status, message) => {
      const { fields, ...file } = await make();
      const before = await t.db.$count(media);
      const res = await upload(t.app, creator.token, file, fields);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message });
      expect(await t.db.$count(media)).toBe(before);
      expect(await leftovers(t)).toEqual([]);
    });
  });

  it('asks for a file, one file, and a known type', async () => {
    const post = (body: Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/media',
        headers: { 'access-token': creator.token, 'content-type': contentType },
        payload: body,
      });
    const none = multipart(null, { type: 'message' });
    expect((await post(none.body, none.contentType)).json().message).toBe(
      'file: choose a photo or video to upload.',
    );
    const badType = multipart({ data: await photo({ width: 40, height: 40 }) }, { type: 'gift' });
    expect((await post(badType.body, badType.contentType)).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/media',
          headers: { 'access-token': creator.token },
          payload: { file: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/media',
          payload: none.body,
          headers: { 'content-type': none.contentType },
        })
      ).statusCode,
    ).toBe(401);
    expect(await leftovers(t)).toEqual([]);
  });

  it('lets only creators upload paid media', async () => {
    const fan = await signedInUser(t.db, { type: 'user' });
    const res = await upload(
      t.app,
      fan.token,
      { data: await photo({ width: 60, height: 60 }) },
      { type: 'paid_message' },
    );
    expect(res.statusCode).toBe(403);
    expect(
      (await upload(t.app, fan.token, { data: await photo({ width: 61, height: 60 }) })).statusCode,
    ).toBe(200);
    expect(await leftovers(t)).toEqual([]);
  });
});

/** The first bytes of an MP4, enough for the sniffer to call it a video. */
function webMp4Head(): Buffer {
  return phoneMp4().subarray(0, 64 * 1024);
}

/** A tiny PNG declaring 30000 x 30000 pixels (900 MP): refused before any pixel is decoded. */
async function pngBomb(): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(30000, 16);
  png.writeUInt32BE(30000, 20);
  // Keep the header's CRC valid so only the size gives it away.
  const { crc32 } = await import('node:zlib');
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}
