import { MediaInputError } from './media-input-error';
import { MAX_VIDEO_PIXELS } from './renditions';
import type { VideoInfo } from './video-probe';

/** What one video job may cost (docs/rules.md, "Media processing"). */
export interface VideoLimits {
  /** Longest video processed, in seconds (MEDIA_MAX_VIDEO_SECONDS). */
  maxSeconds: number;
  /** CPU seconds one ffmpeg run may use: a fixed allowance, plus this much per second of 1080p30 input. */
  cpuBaseSeconds: number;
  cpuPerSecond: number;
}

export const defaultVideoLimits: VideoLimits = { maxSeconds: 600, cpuBaseSeconds: 30, cpuPerSecond: 2 };

/**
 * Threads of one ffmpeg (decoding, filters, encoding): a video job takes one core, so on two cores the
 * other stays free for requests and photos.
 */
export const FFMPEG_THREADS = 1;
/** Transcoded videos play at most this many frames a second: half the encoding of a phone's 60 fps. */
export const MAX_OUTPUT_FPS = 30;
/** Slow-motion phone video records 240 fps; more is no camera's. */
const MAX_INPUT_FPS = 240;
/** The largest frame at 30 fps (8K phones record 30): the most pixels a second any camera records. */
const MAX_PIXEL_RATE = MAX_VIDEO_PIXELS * 30;
const REFERENCE_PIXEL_RATE = 1920 * 1080 * 30;
/** A web MP4 never needs more (the largest upload is 499 MiB); a bigger output is cut, then refused. */
export const MAX_OUTPUT_BYTES = 1024 * 1024 * 1024;

/** What a video's cost depends on. */
export type VideoSize = Pick<VideoInfo, 'width' | 'height' | 'duration' | 'fps'>;

const pixelRate = (info: VideoSize) => info.width * info.height * (info.fps ?? MAX_OUTPUT_FPS);

/** Refuses, from the header alone and before any decoding, a video too long or too fast to process. */
export function checkVideoLimits(info: VideoInfo, limits: VideoLimits): void {
  const refuse = (why: string) => {
    throw new MediaInputError('video', 'too_large', why);
  };
  if (info.duration !== null && info.duration > limits.maxSeconds)
    refuse(`${info.duration} s is over ${limits.maxSeconds} s`);
  if (info.fps !== null && info.fps > MAX_INPUT_FPS) refuse(`${info.fps} fps`);
  if (pixelRate(info) > MAX_PIXEL_RATE) refuse(`${info.width}x${info.height} at ${info.fps} fps`);
}

/**
 * The CPU seconds one ffmpeg run over this video may use. It grows with the length (the limit when
 * the header does not say) and with the pixels decoded a second, so a hostile file stops there
 * whatever it claims.
 */
export function cpuBudget(info: VideoSize, limits: VideoLimits): number {
  const seconds = Math.min(info.duration ?? limits.maxSeconds, limits.maxSeconds);
  const weight = Math.max(1, pixelRate(info) / REFERENCE_PIXEL_RATE);
  return limits.cpuBaseSeconds + limits.cpuPerSecond * seconds * weight;
}

/** The highest frame rate the limits allow at this frame size: the worst case when the rate is not known. */
export function fastestAllowedFps(width: number, height: number): number {
  return Math.min(MAX_INPUT_FPS, MAX_PIXEL_RATE / Math.max(1, width * height));
}

/** Refuses a made video longer than the limit: its source's header understated its length, or had none. */
export function checkPlayedLength(seconds: number | null, limits: VideoLimits): void {
  if (seconds !== null && seconds > limits.maxSeconds)
    throw new MediaInputError('video', 'too_large', `plays ${seconds} s, over ${limits.maxSeconds} s`);
}
