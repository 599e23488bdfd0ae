import { mediaMessages, type MediaResponse } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import { main } from '../../src/cli/admin';
import { adminActions, media } from '../../src/db/schema';
import { dueNow, mediaJob } from '../helpers/jobs';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/users';
import { photo } from '../media/helpers/fixtures';
import { leftovers } from '../media/helpers/leftovers';
import { upload } from '../media/helpers/upload';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
const env = { ...process.env };
beforeAll(async () => {
  // No worker of its own: the test runs the queue when it wants to.
  t = await createTestApp({ env: { MEDIA_WORKERS: '0' } });
  owner = await signedInUser(t.db, { type: 'featured' });
  // The admin CLI works on the test's database.
  process.env.DATABASE_URL = t.database.url;
});
afterAll(async () => {
  process.env = { ...env };
  await t.close();
});

async function admin(...argv: string[]) {
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const code = await main([...argv, '--as', 'tester']);
    return { code, out: out.mock.calls.join(''), err: err.mock.calls.join('') };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

const status = async (id: string) =>
  (
    await t.app.inject({ url: `/v1/media/${id}`, headers: { 'access-token': owner.token } })
  ).json() as MediaResponse;

it('puts a job that fails every try in the dead letter, where support lists it and queues it again', async () => {
  const mediaId = (
    (
      await upload(t.app, owner.token, { data: await photo({ width: 120, height: 80 }) })
    ).json() as MediaResponse
  ).media_id;
  // Storage is down: every try fails the same way.
  const outage = jest
    .spyOn(t.app.media.storage, 'localCopy')
    .mockRejectedValue(new Error('storage unreachable'));

  for (let attempt = 1; attempt <= 3; attempt++) {
    expect(await t.app.media.runner.drain()).toBe(1);
    const job = await mediaJob(t.db, mediaId);
    expect(job?.state).toBe(attempt < 3 ? 'retry' : 'failed');
    if (job && attempt < 3) await dueNow(t.db, job.id);
  }
  expect(await status(mediaId)).toMatchObject({ status: 'failed', message: mediaMessages.imageFailed });
  // Out of tries, the media keeps its original for a retry.
  const [row] = await t.db.select().from(media).where(eq(media.id, mediaId));
  expect(row?.originalKey).not.toBeNull();

  const jobs = await admin('jobs');
  expect(jobs.code).toBe(0);
  expect(jobs.out).toMatch(/^queue\s+queued\s+retry\s+active\s+completed\s+failed$/m);
  expect(jobs.out).toMatch(/^media-photos\s+0\s+0\s+0\s+0\s+1$/m);
  expect(jobs.out).toMatch(/^media-photos-dead\s+1\s+0\s+0\s+0\s+0$/m);

  const listed = await admin('dead-letter');
  expect(listed.code).toBe(0);
  const line = listed.out.split('\n').find((l) => l.includes(mediaId)) ?? '';
  const [queue, jobId, listedMedia, failedAt, ...error] = line.split(/\s+/);
  expect({ queue, listedMedia, error: error.join(' ') }).toEqual({
    queue: 'media-photos',
    listedMedia: mediaId,
    error: 'storage unreachable',
  });
  expect(Number.isNaN(Date.parse(failedAt ?? ''))).toBe(false);

  // Storage is back; support queues the job again, and the media is made after all.
  outage.mockRestore();
  const retried = await admin('retry', jobId ?? '');
  expect(retried).toMatchObject({
    code: 0,
    out: `Job ${jobId} is queued again on media-photos (media ${mediaId}).\n`,
  });
  expect((await admin('dead-letter')).out).toBe('No dead-lettered jobs.\n');
  expect((await status(mediaId)).status).toBe('processing');
  expect(await t.app.media.runner.drain()).toBe(1);
  expect((await status(mediaId)).status).toBe('ready');
  expect(await leftovers(t)).toEqual([]);
  const [action] = await t.db.select().from(adminActions).where(eq(adminActions.command, 'retry'));
  expect(action).toMatchObject({ actor: 'tester', targetUserId: owner.user.id, args: [jobId] });

  expect((await admin('retry', jobId ?? '')).err).toBe(`No dead-lettered job ${jobId}.\n`);
});

it('lists the help for job commands', async () => {
  const help = await admin('--help');
  expect(help.out).toContain('dead-letter');
  expect(help.out).toContain('retry');
});
