import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mediaMessages, type MediaResponse } from '@cove/contracts';
import { eq, sql } from 'drizzle-orm';
import { media, userEvents } from '../../src/db/schema';
import { deadLetters } from '../../src/jobs/job-tables';
import { repairMediaJobs } from '../../src/media/job-repair';
import { MediaJobRunner } from '../../src/media/job-runner';
import { processMedia } from '../../src/media/process-media';
import { defaultVideoLimits } from '../../src/media/video-limits';
import { dueNow, mediaJob } from '../helpers/jobs';
import { eventually } from '../helpers/payments';
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
  expect(body).toMatchObject({ status: 'processing', width: 320, height: 240, message: null });
  expect(body.media).toMatchObject({ th: null, video_url: null });
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

describe('media jobs', () => {
  async function queuedMedia(): Promise<string> {
    const res = await upload(t.app, owner.token, {
      data: await photo({ width: 90, height: 91 + Math.floor(Math.random() * 500) }),
    });
    return (res.json() as MediaResponse).media_id;
  }
  /**
   * Takes the next photo job as a worker would. It is polled for: under load a worker of an earlier
   * test's stopped runner can fetch it first (pg-boss's offWork does not wait for a fetch in flight),
   * and that runner hands it back, as at shutdown.
   */
  const takePhotoJob = () =>
    eventually(
      async () => (await t.app.jobs.boss.fetch<{ mediaId: string }>('media-photos'))[0],
      (job) => job !== undefined,
    );
  const jobOf = async (mediaId: string) => {
    const job = await mediaJob(t.db, mediaId);
    if (!job) throw new Error(`no job for media ${mediaId}`);
    return job;
  };
  const failing = (given: string[] = []) =>
    new MediaJobRunner(
      t.app.jobs,
      {
        process: async () => {
          throw new Error('storage unreachable');
        },
        giveUp: async (id) => void given.push(id),
        settled: async () => {},
      },
      { workers: 0, log: t.app.log },
    );

  it('retries a failing job 30 to 60 s later, then 60 to 120 s later, then gives up after three tries', async () => {
    const mediaId = await queuedMedia();
    const given: string[] = [];
    const runner = failing(given);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = Date.now();
      expect(await runner.drain()).toBe(1);
      const job = await jobOf(mediaId);
      if (attempt < 3) {
        expect(job).toMatchObject({ state: 'retry', error: 'storage unreachable' });
        expect(given).toEqual([]);
        delays.push(new Date(job.start_after).getTime() - before);
        expect(await runner.drain()).toBe(0);
        await dueNow(t.db, job.id);
      } else {
        expect(job).toMatchObject({ state: 'failed', error: 'storage unreachable' });
      }
    }
    const [first = 0, second = 0] = delays;
    expect(first).toBeGreaterThan(29_000);
    expect(first).toBeLessThan(61_000);
    expect(second).toBeGreaterThan(59_000);
    expect(second).toBeLessThan(121_000);
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
      pixels: t.app.media.pixels,
    };
    // The video takes as long as this test wants: until `release`.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const settled: string[] = [];
    const runner = new MediaJobRunner(
      t.app.jobs,
      {
        process: async (mediaId, signal) => {
          if (mediaId === videoId) await held;
          await processMedia(deps, mediaId, signal);
        },
        giveUp: async () => {},
        settled: async (mediaId) => void settled.push(mediaId),
      },
      { workers: 1, log: t.app.log },
    );
    await runner.start();
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

  it('hands a job whose worker went silent to another worker once its time is up', async () => {
    const mediaId = await queuedMedia();
    // A worker takes the job, then its instance dies: the job stays active, and nobody finishes it.
    const taken = await takePhotoJob();
    expect(taken?.data.mediaId).toBe(mediaId);
    const id = taken?.id ?? '';
    await t.app.jobs.boss.maintain();
    expect(await jobOf(mediaId)).toMatchObject({ id, state: 'active' });

    await t.db.execute(
      sql`update pgboss.job set started_on = now() - expire_in - interval '1 second' where id = ${id}::uuid`,
    );
    await t.app.jobs.boss.maintain();
    expect(await jobOf(mediaId)).toMatchObject({ id, state: 'retry' });
    await dueNow(t.db, id);
    expect(await t.app.media.runner.drain()).toBe(1);
    expect((await status(mediaId)).json().status).toBe('ready');
  });

  it('hands a running job back at shutdown without spending one of its tries', async () => {
    const mediaId = await queuedMedia();
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const runner = new MediaJobRunner(
      t.app.jobs,
      {
        // Works until shutdown stops it, as ffmpeg does.
        process: (_id, signal) =>
          new Promise((_resolve, reject) => {
            started();
            signal.addEventListener('abort', () => reject(new Error('ffmpeg killed')));
          }),
        giveUp: async () => {},
        settled: async () => {},
      },
      { workers: 1, log: t.app.log },
    );
    await runner.start();
    await running;
    const first = await jobOf(mediaId);
    expect(first.state).toBe('active');
    await runner.stop();

    const next = await jobOf(mediaId);
    expect(next).toMatchObject({ state: 'created', retry_count: 0 });
    expect(next.id).not.toBe(first.id);
    expect((await status(mediaId)).json().status).toBe('processing');
    expect(await t.app.media.runner.drain()).toBe(1);
    expect((await status(mediaId)).json().status).toBe('ready');
  });

  describe('the sweep repairs media left without a job', () => {
    const repair = (given: string[]) =>
      repairMediaJobs(
        {
          db: t.db,
          boss: t.app.jobs.boss,
          videoLimits: defaultVideoLimits,
          giveUp: async (id) => void given.push(id),
        },
        // Ten minutes on: uploads just made are left alone.
        new Date(Date.now() + 10 * 60_000),
      );

    it('queues again a media whose job is gone (uploaded before jobs ran on pg-boss)', async () => {
      const mediaId = await queuedMedia();
      await t.db.execute(sql`delete from pgboss.job where singleton_key = ${mediaId}`);
      const given: string[] = [];
      expect(await repair(given)).toBe(1);
      expect(await jobOf(mediaId)).toMatchObject({ name: 'media-photos', state: 'created' });
      // Queued once: a second pass finds its job.
      expect(await repair(given)).toBe(0);
      expect(await t.app.media.runner.drain()).toBe(1);
      expect((await status(mediaId)).json().status).toBe('ready');
      expect(given).toEqual([]);
    });

    it('gives up a media whose worker died during its last try', async () => {
      const mediaId = await queuedMedia();
      const taken = await takePhotoJob();
      expect(taken?.data.mediaId).toBe(mediaId);
      // The third try, and its time is up: pg-boss fails the job into the dead letter.
      await t.db.execute(
        sql`update pgboss.job set retry_count = retry_limit, started_on = now() - expire_in - interval '1 second'
            where id = ${taken?.id ?? ''}::uuid`,
      );
      await t.app.jobs.boss.maintain();
      expect(await jobOf(mediaId)).toMatchObject({
        state: 'failed',
        error: 'job failed by timeout in active state',
      });
      expect((await deadLetters(t.db)).map((l) => l.data.mediaId)).toContain(mediaId);
      expect((await status(mediaId)).json().status).toBe('processing');
      const given: string[] = [];
      expect(await repair(given)).toBe(1);
      expect(given).toEqual([mediaId]);
      await t.db.execute(sql`delete from pgboss.job where name = 'media-photos-dead'`);
      await t.db.delete(media).where(eq(media.id, mediaId));
    });
  });
});
