import { mediaResponse } from '@cove/contracts';
import type { FastifyInstance } from 'fastify';
import { ToolError } from '../media/run-tool';
import { demoVideo } from './demo-video';

/** Longest the seed waits for the clip to be processed (it takes a few seconds). */
const READY_MS = 120_000;
const POLL_MS = 250;

interface UploadedMedia {
  media_id: string;
  public_id: string;
}

const reasonOf = (err: unknown) =>
  err instanceof ToolError && err.detail.includes('ENOENT')
    ? 'ffmpeg is not installed'
    : err instanceof Error
      ? err.message
      : String(err);

/**
 * The demo clip, made and uploaded (through `upload`, the seed's API path), once its processing is
 * ready to send. Without ffmpeg, media workers or a processed clip, the demo world is made without it:
 * one logged line and null, never a failed start.
 */
export async function paidVideo(
  app: FastifyInstance,
  token: string,
  upload: (bytes: Buffer) => Promise<UploadedMedia>,
): Promise<UploadedMedia | null> {
  const skip = (reason: string) => {
    app.log.warn(`demo world: made without its paid video (${reason})`);
    return null;
  };
  if (app.config.media.workers === 0) return skip('this instance processes no media: MEDIA_WORKERS=0');
  try {
    const uploaded = await upload(await demoVideo());
    const deadline = Date.now() + READY_MS;
    for (;;) {
      const res = await app.inject({
        url: `/v1/media/${uploaded.media_id}`,
        headers: { 'access-token': token },
      });
      const { status } = mediaResponse.parse(res.json());
      if (status === 'ready') return uploaded;
      if (status === 'failed') return skip('its processing failed');
      if (Date.now() > deadline) return skip(`still processing after ${READY_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (err) {
    return skip(reasonOf(err));
  }
}
