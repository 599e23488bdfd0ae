import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaInputError } from './media-input-error';
import { MAX_VIDEO_SIDE } from './renditions';
import { inputArgs, runTool, ToolError } from './run-tool';
import {
  cpuBudget,
  FFMPEG_THREADS,
  MAX_OUTPUT_BYTES,
  MAX_OUTPUT_FPS,
  type VideoLimits,
  type VideoSize,
} from './video-limits';
import { PROBE_MS, type VideoInfo } from './video-probe';

const STILL_MS = 60_000;
/** Wall time per CPU second allowed: a busy machine may give ffmpeg half a core. */
const WALL_MS_PER_CPU_SECOND = 2000;

interface RunBounds {
  timeoutMs: number;
  cpuSeconds: number;
  signal?: AbortSignal | undefined;
}

async function ffmpeg(args: string[], bounds: RunBounds): Promise<void> {
  const threads = String(FFMPEG_THREADS);
  // Decoding, filters and encoding each take at most FFMPEG_THREADS threads (the first -threads
  // applies to the decoder, the -threads in `args` after the input to the encoder).
  const bounded = ['-filter_threads', threads, '-threads', threads];
  try {
    await runTool('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...bounded, ...args], bounds);
  } catch (err) {
    if (err instanceof ToolError) throw new MediaInputError('video', 'corrupt', err.detail);
    throw err;
  }
}

/** One frame as a PNG: a second in (past fade-ins), or the first frame of a shorter clip. */
export async function extractStill(
  source: string,
  demuxer: string,
  info: VideoInfo,
  outDir: string,
  limits: VideoLimits,
): Promise<string> {
  const out = join(outDir, 'still.png');
  const at = info.duration !== null && info.duration > 2 ? 1 : 0;
  const grab = (seconds: number) =>
    ffmpeg(
      [
        '-ss',
        String(seconds),
        ...inputArgs(demuxer, source),
        '-map',
        '0:v:0',
        '-frames:v',
        '1',
        '-map_metadata',
        '-1',
        '-f',
        'image2',
        '-c:v',
        'png',
        `file:${out}`,
      ],
      { timeoutMs: STILL_MS, cpuSeconds: limits.cpuBaseSeconds },
    );
  const made = async () => ((await stat(out).catch(() => null))?.size ?? 0) > 0;
  // A seek past the last keyframe can yield no frame; the first frame is the fallback.
  if (at > 0) await grab(at).catch(() => undefined);
  if (!(await made())) await grab(0);
  if (!(await made())) throw new MediaInputError('video', 'corrupt', 'no frame could be decoded');
  return out;
}

/**
 * The longest the tools of one video job may run in all: a probe before and after, a still grabbed
 * at most twice, and the web video at its wall-time limit.
 */
export function videoToolSeconds(info: VideoSize, limits: VideoLimits): number {
  return (2 * PROBE_MS + 2 * STILL_MS + cpuBudget(info, limits) * WALL_MS_PER_CPU_SECOND) / 1000;
}

/** Browsers play H.264 in MP4 with 8-bit 4:2:0 colour, and AAC or MP3 sound, everywhere. */
export function playsAsIs(demuxer: string, info: VideoInfo): boolean {
  return (
    demuxer === 'mov' &&
    info.videoCodec === 'h264' &&
    (info.pixFmt === 'yuv420p' || info.pixFmt === 'yuvj420p') &&
    (info.audioCodec === null || info.audioCodec === 'aac' || info.audioCodec === 'mp3')
  );
}

// Fit inside MAX_VIDEO_SIDE without enlarging, with even sides (4:2:0 needs them).
const fit = `min(1\\,${MAX_VIDEO_SIDE}/max(iw\\,ih))`;
const scale = `scale=trunc(iw*${fit}/2)*2:trunc(ih*${fit}/2)*2`;

/**
 * A web-playable MP4 with its index first (faststart), first video and first audio stream only, all
 * metadata dropped (a phone's location included). Copied when it already plays in browsers, else
 * transcoded to H.264/AAC at most 1920 px and 30 fps. Either way ffmpeg stops a second past the
 * length limit and at MAX_OUTPUT_BYTES, and is killed past its CPU budget.
 */
export async function makeWebVideo(
  source: string,
  demuxer: string,
  info: VideoInfo,
  outDir: string,
  limits: VideoLimits,
  signal?: AbortSignal,
): Promise<{ path: string; transcoded: boolean }> {
  const path = join(outDir, 'video.mp4');
  const common = [
    ...inputArgs(demuxer, source),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-sn',
    '-dn',
  ];
  const tail = [
    // A header may understate the length or omit it: what runs past the limit is cut, then refused.
    '-t',
    String(limits.maxSeconds + 1),
    '-fs',
    String(MAX_OUTPUT_BYTES),
    '-threads',
    String(FFMPEG_THREADS),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    `file:${path}`,
  ];
  const cpuSeconds = cpuBudget(info, limits);
  const bounds = { timeoutMs: cpuSeconds * WALL_MS_PER_CPU_SECOND, cpuSeconds, signal };
  const transcoded = !playsAsIs(demuxer, info);
  if (transcoded) {
    const video = [
      ...['-vf', scale, '-fpsmax', String(MAX_OUTPUT_FPS)],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ];
    const audio = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'];
    await ffmpeg([...common, ...video, ...audio, ...tail], bounds);
  } else {
    await ffmpeg([...common, '-c', 'copy', ...tail], bounds);
  }
  if ((await stat(path)).size >= MAX_OUTPUT_BYTES)
    throw new MediaInputError('video', 'too_large', 'the web video reached its size limit');
  return { path, transcoded };
}
