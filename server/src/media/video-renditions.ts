import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaInputError } from './media-input-error';
import { MAX_VIDEO_SIDE } from './renditions';
import { inputArgs, runTool, ToolError } from './run-tool';
import type { VideoInfo } from './video-probe';

const STILL_MS = 60_000;
/** Long enough for a 499 MB video transcoded on two cores; a stuck ffmpeg is killed after it. */
const TRANSCODE_MS = 60 * 60_000;

async function ffmpeg(args: string[], timeoutMs: number, signal?: AbortSignal): Promise<void> {
  try {
    await runTool('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args], { timeoutMs, signal });
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
      STILL_MS,
    );
  const made = async () => ((await stat(out).catch(() => null))?.size ?? 0) > 0;
  // A seek past the last keyframe can yield no frame; the first frame is the fallback.
  if (at > 0) await grab(at).catch(() => undefined);
  if (!(await made())) await grab(0);
  if (!(await made())) throw new MediaInputError('video', 'corrupt', 'no frame could be decoded');
  return out;
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
 * transcoded to H.264/AAC.
 */
export async function makeWebVideo(
  source: string,
  demuxer: string,
  info: VideoInfo,
  outDir: string,
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
  const tail = ['-movflags', '+faststart', '-f', 'mp4', `file:${path}`];
  if (playsAsIs(demuxer, info)) {
    await ffmpeg([...common, '-c', 'copy', ...tail], TRANSCODE_MS, signal);
    return { path, transcoded: false };
  }
  const video = ['-vf', scale, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'];
  const audio = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'];
  await ffmpeg([...common, ...video, ...audio, ...tail], TRANSCODE_MS, signal);
  return { path, transcoded: true };
}
