import { MAX_VIDEO_PIXELS } from './renditions';
import { MediaInputError } from './media-input-error';
import { inputArgs, runTool, ToolError } from './run-tool';

export interface VideoInfo {
  /** As displayed: a phone video recorded in portrait with a rotation flag reports portrait sizes. */
  width: number;
  height: number;
  /** Seconds, when the container says. */
  duration: number | null;
  /** Frames a second on average, when the stream says. */
  fps: number | null;
  videoCodec: string;
  pixFmt: string | null;
  audioCodec: string | null;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  avg_frame_rate?: string;
  side_data_list?: { rotation?: number }[];
  tags?: { rotate?: string };
}
interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { duration?: string };
}

/** Longest an ffprobe may run. */
export const PROBE_MS = 30_000;
/** What demuxers print, as warnings only, about a file cut short or broken (Matroska: "File ended prematurely"). */
const damaged = /ended prematurely|partial file|truncat|invalid data|corrupt|moov atom not found/i;
const SCAN_MS = 5 * 60_000;

async function tool(fn: () => Promise<string>): Promise<string> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ToolError) throw new MediaInputError('video', 'corrupt', err.detail);
    throw err;
  }
}

/** Reads the container header: the first video stream's size, codec and rotation, and the duration. */
export async function probeVideo(path: string, demuxer: string): Promise<VideoInfo> {
  const entries =
    'format=duration:stream=codec_type,codec_name,width,height,pix_fmt,avg_frame_rate:stream_side_data=rotation:stream_tags=rotate';
  const args = [
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-f',
    demuxer,
    '-show_entries',
    entries,
    '-of',
    'json',
    `file:${path}`,
  ];
  const stdout = await tool(() => runTool('ffprobe', args, { timeoutMs: PROBE_MS }));
  let parsed: ProbeOutput;
  try {
    parsed = JSON.parse(stdout) as ProbeOutput;
  } catch {
    throw new MediaInputError('video', 'corrupt', 'ffprobe printed no JSON');
  }
  const video = parsed.streams?.find(
    (s) => s.codec_type === 'video' && s.codec_name !== 'mjpeg' && s.codec_name !== 'png',
  );
  if (!video?.width || !video.height || !video.codec_name)
    throw new MediaInputError('video', 'corrupt', 'no video stream');
  if (video.width * video.height > MAX_VIDEO_PIXELS)
    throw new MediaInputError('video', 'too_large', `${video.width}x${video.height}`);
  const audio = parsed.streams?.find((s) => s.codec_type === 'audio');
  const rotation =
    Math.abs(
      Number(
        video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
      ),
    ) % 180;
  const duration = Number(parsed.format?.duration);
  // A fraction such as "30000/1001"; "0/0" when unknown.
  const [num = NaN, den = NaN] = (video.avg_frame_rate ?? '').split('/').map(Number);
  const fps = num / den;
  return {
    width: rotation === 90 ? video.height : video.width,
    height: rotation === 90 ? video.width : video.height,
    duration: Number.isFinite(duration) && duration >= 0 ? duration : null,
    fps: Number.isFinite(fps) && fps > 0 ? fps : null,
    videoCodec: video.codec_name,
    pixFmt: video.pix_fmt ?? null,
    audioCodec: audio?.codec_name ?? null,
  };
}

/**
 * Reads every packet without decoding (fast, disk-bound): a truncated or cut file fails here, at upload
 * time, so its uploader gets the error instead of a media that never plays.
 */
export async function scanVideo(path: string, demuxer: string): Promise<void> {
  await tool(() =>
    runTool(
      'ffmpeg',
      [
        '-nostdin',
        '-v',
        'warning',
        '-xerror',
        ...inputArgs(demuxer, path),
        '-map',
        '0',
        '-c',
        'copy',
        '-f',
        'null',
        '-',
      ],
      { timeoutMs: SCAN_MS, failOn: damaged },
    ),
  );
}
