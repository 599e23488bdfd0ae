import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mediaMessages, type MediaResponse } from '@cove/contracts';
import { eq, sql } from 'drizzle-orm';
import { media, mediaJobs, userEvents } from '../../src/db/schema';
import { MediaJobRunner } from '../../src/media/job-runner';
import { requeueStale } from '../../src/media/job-store';
import { processMedia } from '../../src/media/process-media';
import { defaultVideoLimits } from '../../src/media/video-limits';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/users';
import { photo, quicktime, webMp4 } from './helpers/fixtures';
import { leftovers } from './helpers/leftovers';
import { upload } from './helpers/upload';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  // No worker of its own: each test runs the queue when it wants to.
  t = await createTestApp({ env: { MEDIA_WORKERS: '0' } });
  owner = await signedInUser(t.db, { type: 'featured' });
});
afterAll(() => t.close());

const status = (id: string) =>
  t.app.inject({ url: `/v1/media/${id}`, headers: { 'access-token': owner.token } });

it('shows processing until a worker has made the renditions, then ready, and tells the uploader', async () => {
  const res = await upload(t.app, owner.token, { data: webMp4() });
  const body = res.json() as MediaResponse;
  expect(body).toMatchObject({
    status: 'processing',
    width: 320,
    height: 240,
    message: null,
    media: { th: null, video_url: null },
  });
  expect(body.video_length).toBeCloseTo(2, 0);
  expect((await status(body.media_id)).json().status).toBe('processing');

  expect(await t.app.media.runner.drain()).toBe(1);
  expect((await status(body.media_id)).json()).toMatchObject({
    status: 'ready',
    media: { video_url: expect.stringMatching(/mp4$/) },
  });
  const events = await t.db.select().from(userEvents).where(eq(userEvents.userId, owner.user.id));
  expect(events.map((e) => [e.type, e.payload])).toContainEqual([
    'media_status',
    { media_id: body.media_id, status: 'ready', message: null },
  ]);
  expect(await leftovers(t)).toEqual([]);

  const stranger = await signedInUser(t.db);
  expect(
    (await t.app.inject({ url: `/v1/media/${body.media_id}`, headers: { 'access-token': stranger.token } }))
      .statusCode,
  ).toBe(404);
});

it("marks a media failed with the spec's words when its file turns out bad, keeping nothing of it", async () => {
  const res = await upload(t.app, owner.token, { data: await photo({ width: 300, height: 300 }) });
  const { media_id } = res.json() as MediaResponse;
  // Damage the stored original behind the check's back.
  const [row] = await t.db.select().from(media).where(eq(media.id, media_id));
  const broken = join(t.app.media.workDir, 'broken');
  writeFileSync(broken, Buffer.from('no longer a photo'));
  await t.app.media.storage.moveIn(row?.originalKey as string, broken, 'image/jpeg');

  await t.app.media.runner.drain();
  expect((await status(media_id)).json()).toMatchObject({
    status: 'failed',
    message: mediaMessages.imageFailed,
    media: { th: null },
  });
  expect(await t.app.media.storage.list(`m/${media_id}/`)).toEqual([]);
  expect(
    (await t.app.inject({ url: '/v1/media', headers: { 'access-token': owner.token } }))
      .json()
      .data.map((d: { _id: string }) => d._id),
  ).not.toContain(media_id);
  // The same bytes may be uploaded again: a failed media does not count as a copy.
  expect(await leftovers(t)).toEqual([]);
});

describe('the job runner', () => {
  async function queuedMedia(): Promise<string> {
    const res = await upload(t.app, owner.token, {
      data: await photo({ width: 90, height: 91 + Math.floor(Math.random() * 500) }),
    });
    return (res.json() as MediaResponse).media_id;
  }
  const jobOf = async (mediaId: string) =>
    (await t.db.select().from(mediaJobs).where(eq(mediaJobs.mediaId, mediaId)))[0];

  it('retries a failing job later, then gives up after three tries', async () => {
    const mediaId = await queuedMedia();
    const given: string[] = [];
    const runner = new MediaJobRunner(
      t.db,
      {
        process: async () => {
          throw new Error('storage unreachable');
        },
        giveUp: async (id) => void given.push(id),
        settled: async () => {},
        sweep: async () => {},
      },
      { workers: 0, log: t.app.log },
    );
    for (let attempt = 1; attempt <= 3; attempt++) {
      await runner.drain();
      const job = await jobOf(mediaId);
      if (attempt < 3) {
        expect(job).toMatchObject({
          status: 'queued',
          attempts: attempt,
          lastError: 'Error: storage unreachable',
        });
        expect(job?.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
        await t.db.update(mediaJobs).set({ runAt: new Date() }).where(eq(mediaJobs.mediaId, mediaId));
      } else {
        expect(job).toBeUndefined();
      }
    }
    expect(given).toEqual([mediaId]);
    await t.db.delete(media).where(eq(media.id, mediaId));
  });

  it('makes a photo queued behind a long video first: videos have a lane of their own', async () => {
    // A clip no other test uploads: the same bytes again would be the same media.
    const videoId = (await upload(t.app, owner.token, { data: quicktime() })).json().media_id as string;
    const photoId = await queuedMedia();
    const deps = {
      db: t.db,
      storage: t.app.media.storage,
      workDir: t.app.media.workDir,
      videoLimits: defaultVideoLimits,
    };
    // The video takes as long as this test wants: until `release`.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const settled: string[] = [];
    const runner = new MediaJobRunner(
      t.db,
      {
        process: async (mediaId, signal) => {
          if (mediaId === videoId) await held;
          await processMedia(deps, mediaId, signal);
        },
        giveUp: async () => {},
        settled: async (mediaId) => void settled.push(mediaId),
        sweep: async () => {},
      },
      { workers: 1, log: t.app.log },
    );
    runner.start();
    try {
      await runner.waitFor(photoId, 20_000);
      expect((await status(photoId)).json().status).toBe('ready');
      expect((await status(videoId)).json().status).toBe('processing');
    } finally {
      const videoDone = runner.waitFor(videoId, 20_000);
      release();
      await videoDone;
      await runner.stop();
    }
    expect(settled).toEqual([photoId, videoId]);
    expect((await status(videoId)).json().status).toBe('ready');
  });

  it('takes back a job whose worker went silent', async () => {
    const mediaId = await queuedMedia();
    await t.db
      .update(mediaJobs)
      .set({ status: 'running', lockedAt: sql`now() - interval '10 minutes'` })
      .where(eq(mediaJobs.mediaId, mediaId));
    expect(await requeueStale(t.db, 180)).toBe(1);
    expect(await jobOf(mediaId)).toMatchObject({ status: 'queued' });
    expect(await t.app.media.runner.drain()).toBe(1);
    expect((await status(mediaId)).json().status).toBe('ready');
  });
});
