import { readdirSync, readFileSync } from 'node:fs';
import type { MediaResponse } from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import { media } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/users';
import { clip, photo } from './helpers/fixtures';
import { settled, upload } from './helpers/upload';

let t: TestApp;
beforeAll(async () => {
  // One worker in each lane, as in production.
  t = await createTestApp({ env: { MEDIA_WORKERS: '1' } });
});
afterAll(() => t?.close());

interface Encoder {
  pid: string;
  nice: number;
  args: string[];
}

/** The ffmpeg this process runs that encodes H.264 (a video job's web video), from /proc. */
function runningEncoder(): Encoder | undefined {
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the name: state, ppid, ... and the 19th field of the line, nice.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (!stat.includes('(ffmpeg)') || fields[1] !== String(process.pid)) continue;
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (args.includes('libx264')) return { pid, nice: Number(fields[16]), args };
    } catch {
      // Gone while being read.
    }
  }
  return undefined;
}

/** The values given to `flag`, in order. */
const valuesOf = (args: string[], flag: string) => args.flatMap((a, i) => (a === flag ? [args[i + 1]] : []));

it('makes a photo while a video encodes, whose ffmpeg runs niced on one thread', async () => {
  const { token, user } = await signedInUser(t.db, { type: 'featured' });
  // 4:4:4 H.264 must be transcoded: seconds of encoding on one core.
  const video = clip(['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv444p'], 'mp4', {
    seconds: 4,
    size: '1920x1080',
    audio: false,
  });
  const videoAnswer = upload(t.app, token, { data: video, name: 'v.mp4', type: 'video/mp4' });

  let encoder: Encoder | undefined;
  const deadline = Date.now() + 60_000;
  while (!(encoder = runningEncoder()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  if (!encoder) throw new Error('the video was never encoded');
  expect(encoder.nice).toBe(10);
  expect(valuesOf(encoder.args, '-threads')).toEqual(['1', '1']);
  expect(valuesOf(encoder.args, '-filter_threads')).toEqual(['1']);

  const res = await upload(t.app, token, { data: await photo({ width: 64, height: 48 }) });
  const made = await settled(t.app, token, (res.json() as MediaResponse).media_id);
  expect(made).toMatchObject({ status: 'ready', width: 64, height: 48 });
  // The photo was made while the video was still being encoded.
  const [videoNow] = await t.db
    .select({ status: media.status })
    .from(media)
    .where(and(eq(media.ownerId, user.id), eq(media.kind, 'video')));
  expect(videoNow?.status).toBe('processing');
  // Shutting the app down stops its ffmpeg.
  expect((await videoAnswer).statusCode).toBe(200);
}, 120_000);
