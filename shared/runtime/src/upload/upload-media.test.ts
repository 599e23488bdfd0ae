import { mediaMessages, type MediaConfig } from '@cove/contracts';
import { failWith, fakeHost, networkFailure, testMediaResponse, type RecordedCall } from '../testing';
import type { DecodedImage } from './resize-image';
import { uploadErrorMessage, uploadMedia, type UploadProgress } from './upload-media';

const config: MediaConfig = { upload_url: '/v1/media', max_photo_bytes: 1000, max_video_bytes: 5000 };

const photo = (bytes = 10, name = 'beach.png', type = 'image/png') =>
  new File([new Uint8Array(bytes).fill(7)], name, { type });

/** A decoder that reports the given size and "encodes" a 3-byte JPEG, recording what it was asked. */
function decoderOf(width: number, height: number) {
  const asked: { width: number; height: number; quality: number }[] = [];
  const decode = async (): Promise<DecodedImage> => ({
    width,
    height,
    toJpeg: async (w, h, quality) => {
      asked.push({ width: w, height: h, quality });
      return new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
    },
  });
  return { decode, asked };
}

function server(answers: { available?: boolean; upload?: (call: RecordedCall) => unknown } = {}) {
  return fakeHost({
    respond: (call) => {
      if (call.path === '/v1/media/config') return config;
      if (call.path === '/v1/media/available')
        return answers.available
          ? { status: true, media: testMediaResponse('known') }
          : { status: false, media: null };
      if (call.path === '/v1/media' && call.method === 'POST')
        return answers.upload?.(call) ?? testMediaResponse('new');
      return undefined;
    },
  });
}

async function failureOf(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('expected the upload to fail');
    },
    (err: unknown) => err,
  );
}

describe('the media upload pipeline', () => {
  it('hashes the file, asks whether the server has it, then posts it with its MD5 and size', async () => {
    const fake = server();
    const { decode } = decoderOf(800, 600);
    const progress: UploadProgress[] = [];
    const result = await uploadMedia(fake.host.api, photo(10), {
      decodeImage: decode,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toMatchObject({ reused: false, media: { media_id: 'new' } });
    // md5sum of ten 0x07 bytes.
    const md5 = '5368307063ebb9564494abf51984ed49';
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /v1/media/config',
      'GET /v1/media/available',
      'POST /v1/media',
    ]);
    expect(fake.calls[1]?.query).toEqual({ media_id: md5, type: 'message' });
    expect(fake.calls[2]?.body).toEqual({
      type: 'message',
      file_size: '10',
      md5,
      file: { name: 'beach.png', size: 10, type: 'image/png' },
    });
    expect(progress[0]).toEqual({ phase: 'preparing', loaded: 0, total: 10 });
    expect(progress.at(-1)?.phase).toBe('uploading');
  });

  it('reuses what the server already has instead of uploading it again', async () => {
    const fake = server({ available: true });
    const result = await uploadMedia(fake.host.api, photo(), {
      config,
      decodeImage: decoderOf(10, 10).decode,
    });
    expect(result).toMatchObject({ reused: true, media: { media_id: 'known' } });
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends a photo larger than 1440 x 1440 as a JPEG that fits, at quality 100', async () => {
    const fake = server();
    const { decode, asked } = decoderOf(4000, 3000);
    await uploadMedia(fake.host.api, photo(10, 'big.png'), { config, decodeImage: decode });
    expect(asked).toEqual([{ width: 1440, height: 1080, quality: 1 }]);
    expect(fake.calls.at(-1)?.body).toMatchObject({
      file_size: '3',
      file: { name: 'big.jpg', size: 3, type: 'image/jpeg' },
    });
  });

  it('sends the original when the browser cannot decode the photo', async () => {
    const fake = server();
    const decode = () => Promise.reject(new Error('cannot decode'));
    await uploadMedia(fake.host.api, photo(10, 'odd.png'), { config, decodeImage: decode });
    expect(fake.calls.at(-1)?.body).toMatchObject({ file: { name: 'odd.png', size: 10 } });
  });

  it.each([
    ['an empty file', photo(0), 'both', mediaMessages.empty],
    ['a photo over the limit', photo(1001), 'both', mediaMessages.photoTooLarge],
    ['a photo where only videos go', photo(), 'videos', mediaMessages.photoNotAllowed],
    [
      'a video where only photos go',
      photo(10, 'a.mp4', 'video/mp4'),
      'photos',
      mediaMessages.videoNotAllowed,
    ],
    ['a video over the limit', photo(5001, 'a.mp4', 'video/mp4'), 'both', mediaMessages.videoTooLarge],
    [
      'another type',
      photo(10, 'a.pdf', 'application/pdf'),
      'both',
      mediaMessages.unsupported('application/pdf'),
    ],
  ] as const)('refuses %s with the spec text and sends nothing', async (_, file, accepts, text) => {
    const fake = server();
    const err = await failureOf(uploadMedia(fake.host.api, file, { config, accepts }));
    expect(uploadErrorMessage(err)).toBe(text);
    expect(fake.calls).toEqual([]);
  });

  it("shows the server's own refusal, and the spec's network text when no answer came", async () => {
    const refused = server({
      upload: () => failWith(400, 'Sorry, we cannot process this type of file (x).'),
    });
    const opts = { config, decodeImage: decoderOf(10, 10).decode };
    const err = await failureOf(uploadMedia(refused.host.api, photo(), opts));
    expect(uploadErrorMessage(err)).toBe('Sorry, we cannot process this type of file (x).');

    const offline = server({ upload: () => networkFailure() });
    const lost = await failureOf(uploadMedia(offline.host.api, photo(), opts));
    expect(uploadErrorMessage(lost)).toBe(mediaMessages.uploadFailed);
  });

  it('stops when aborted, and an aborted upload has nothing to tell', async () => {
    const fake = server();
    const controller = new AbortController();
    controller.abort();
    const err = await failureOf(
      uploadMedia(fake.host.api, photo(), {
        config,
        signal: controller.signal,
        decodeImage: decoderOf(10, 10).decode,
      }),
    );
    expect(uploadErrorMessage(err)).toBeNull();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('fails like any bad answer when the upload answer breaks its contract', async () => {
    const fake = server({ upload: () => ({ media_id: 7 }) });
    const err = await failureOf(
      uploadMedia(fake.host.api, photo(), { config, decodeImage: decoderOf(10, 10).decode }),
    );
    expect(uploadErrorMessage(err)).toBe('Something went wrong. Please try again later.');
    expect(fake.takeMismatches()).toEqual([expect.stringContaining('POST /v1/media')]);
  });
});
