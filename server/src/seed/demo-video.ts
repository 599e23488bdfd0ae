import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool } from '../media/run-tool';

/** Longest the clip may take to make: a few seconds on any machine that can run Cove. */
const MAKE_MS = 60_000;

/**
 * A 3-second 640 x 360 clip made by ffmpeg from its generated sources (a test pattern and a 440 Hz
 * tone), as an MP4 a browser plays: H.264 and AAC. Fails with a ToolError when ffmpeg is missing.
 */
export async function demoVideo(): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'cove-demo-video-'));
  try {
    const out = join(dir, 'clip.mp4');
    await runTool(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
        ...['-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=30'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
        ...['-movflags', '+faststart', '-y', `file:${out}`],
      ],
      { timeoutMs: MAKE_MS },
    );
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
