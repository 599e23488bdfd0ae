import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MediaSettings } from '../config';
import { uploadErrors } from './upload-errors';

/** Samples taken in a window: the pace is checked this often. */
const SAMPLES = 10;

export interface PaceWatch {
  /** Aborts, with the 408 as its reason, when the upload falls below the minimum rate. */
  signal: AbortSignal;
  /** The body has been read: nothing more to watch. */
  stop(): void;
}

/**
 * Watches the bytes an upload's connection delivers until its body has arrived. Once it has lasted a
 * whole window (the grace a connection needs to get going), an upload that brought less than the
 * minimum rate over the last window is cut off: the signal aborts with a 408 and the answer closes
 * the connection instead of waiting for a body that may never come. The rest of a refused body, read
 * after its answer, is held to the same pace: below it the connection is closed. The socket's byte
 * count is read, so the form's own bytes count as much as the file's, and the server's reading is
 * never slowed down to measure it.
 */
export function watchUploadPace(
  request: FastifyRequest,
  reply: FastifyReply,
  pace: MediaSettings['uploadPace'],
): PaceWatch {
  const controller = new AbortController();
  const { raw } = request;
  // An injected request (`app.inject`) has no socket to count.
  if (pace.minBytesPerSecond === 0 || typeof raw.socket.bytesRead !== 'number')
    return { signal: controller.signal, stop: () => {} };
  const floor = (pace.minBytesPerSecond * pace.windowMs) / 1000;
  const samples = [raw.socket.bytesRead];
  const stop = () => {
    clearInterval(timer);
    raw.off('end', stop);
    raw.off('close', stop);
  };
  const timer = setInterval(() => {
    samples.push(raw.socket.bytesRead);
    if (samples.length <= SAMPLES) return;
    samples.shift();
    if ((samples.at(-1) ?? 0) - (samples[0] ?? 0) >= floor) return;
    stop();
    if (reply.sent) {
      raw.destroy();
      return;
    }
    void reply.header('connection', 'close');
    controller.abort(uploadErrors.tooSlow());
  }, pace.windowMs / SAMPLES);
  raw.once('end', stop);
  raw.once('close', stop);
  return { signal: controller.signal, stop };
}
