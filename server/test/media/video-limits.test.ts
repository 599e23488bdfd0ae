import { readdirSync, readFileSync } from 'node:fs';
import { mediaMessages, type MediaResponse } from '@cove/contracts';
import { MediaJobRunner } from '../../src/media/job-runner';
import { processMedia } from '../../src/media/process-media';
import { runTool } from '../../src/media/run-tool';
import { defaultVideoLimits, type VideoLimits } from '../../src/media/video-limits';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/users';
import { clip, unmarkedLength, webMp4 } from './helpers/fixtures';
import { leftovers } from './helpers/leftovers';
import { upload } from './helpers/upload';

let t: TestApp;
let token: string;
beforeAll(async () => {
  // Videos over one second are not processed here; each test runs the queue when it wants to.
  t = await createTestApp({ env: { MEDIA_WORKERS: '0', MEDIA_MAX_VIDEO_SECONDS: '1' } });
  token = (await signedInUser(t.db, { type: 'featured' })).token;
});
afterAll(() => t?.close());

const uploaded = async (data: Buffer) => {
  const res = await upload(t.app, token, { data });
  expect(res.statusCode).toBe(200);
  return (res.json() as MediaResponse).media_id;
};
const status = async (id: string) =>
  (
    await t.app.inject({ url: `/v1/media/${id}`, headers: { 'access-token': token } })
  ).json() as MediaResponse;

/** Runs the queue once with the given limits instead of the app's. */
function drainWith(videoLimits: VideoLimits): Promise<number> {
  const { storage, workDir, pixels } = t.app.media;
  const deps = { db: t.db, storage, workDir, videoLimits, pixels };
  const runner = new MediaJobRunner(
    t.app.jobs,
    {
      process: (mediaId, signal) => processMedia(deps, mediaId, signal),
      giveUp: async () => {},
      settled: async () => {},
    },
    { workers: 0, log: t.app.log },
  );
  return runner.drain();
}

/** ffmpeg processes this test process started that are still running. */
const runningFfmpeg = () =>
  readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
        return stat.includes('(ffmpeg)') && ppid === String(process.pid);
      } catch {
        return false;
      }
    });

it("fails a video longer than the limit with the spec's words, keeping nothing", async () => {
  const id = await uploaded(webMp4());
  expect(await t.app.media.runner.drain()).toBe(1);
  expect(await status(id)).toMatchObject({
    status: 'failed',
    message: mediaMessages.videoFailed,
    media: { video_url: null },
  });
  expect(await leftovers(t)).toEqual([]);
});

it('cuts a video whose header hides its length at the limit, and fails it', async () => {
  const id = await uploaded(unmarkedLength(3));
  expect(await t.app.media.runner.drain()).toBe(1);
  expect(await status(id)).toMatchObject({ status: 'failed', message: mediaMessages.videoFailed });
  expect(await leftovers(t)).toEqual([]);
});

it('kills an ffmpeg that spends more CPU than its budget, and fails the video', async () => {
  // Seconds of CPU to transcode (MPEG-4 part 2 in QuickTime, 720p), against a budget of a fraction of one.
  const id = await uploaded(
    clip(['-c:v', 'mpeg4', '-f', 'mov'], 'mov', { size: '1280x720', seconds: 8, audio: false }),
  );
  expect(await drainWith({ ...defaultVideoLimits, cpuBaseSeconds: 0.3, cpuPerSecond: 0 })).toBe(1);
  expect(await status(id)).toMatchObject({ status: 'failed', message: mediaMessages.videoFailed });
  expect(runningFfmpeg()).toEqual([]);
  expect(await leftovers(t)).toEqual([]);
});

it('stops a tool at its CPU budget long before its time limit', async () => {
  // Minutes of encoding on any machine; the time limit alone would let it run them all.
  const encode = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25:duration=600'];
  await expect(
    runTool('ffmpeg', [...encode, '-c:v', 'libx264', '-f', 'null', '-'], {
      timeoutMs: 30 * 60_000,
      cpuSeconds: 0.5,
    }),
  ).rejects.toMatchObject({ detail: 'used over 0.5 s of CPU' });
  expect(runningFfmpeg()).toEqual([]);
});
