import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { issueAccessToken } from '../../src/auth/tokens';
import { adminActions, creatorApplications, idDocuments, users } from '../../src/db/schema';
import { eraseDecidedIdDocuments } from '../../src/onboarding/id-documents';
import { as } from '../helpers/api';
import { idPhoto, uploadIdPhoto } from '../helpers/id-photos';
import { person } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createUser, signedInUser } from '../helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60_000;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** A fan who applied and opened the sandbox identity check: their client and the check's page. */
async function applicantWithCheck() {
  const { user, token } = await signedInUser(t.db);
  const api = as(t.app, token);
  const username = `idapplicant${Math.random().toString(36).slice(2, 10)}`;
  const applied = await api.post('/v1/users/apply', {
    username,
    bio: 'Ink drawings.',
    date_of_birth: '1991-02-03',
    country: 'pt',
  });
  expect(applied.statusCode).toBe(200);
  const checkUrl = (await api.post('/v1/users/id-verification')).json().check_url as string;
  const [application] = await t.db
    .select()
    .from(creatorApplications)
    .where(eq(creatorApplications.userId, user.id));
  return { user, token, api, username, checkUrl, applicationId: application?.id ?? '' };
}

const answer = (checkUrl: string, outcome: 'verified' | 'retake') =>
  t.app.inject({ method: 'POST', url: checkUrl, headers: form, payload: `outcome=${outcome}` });

const documentUrl = (applicationId: string, side = 'front') =>
  `/v1/admin/applications/${applicationId}/documents/${side}`;

const views = (userId: string) =>
  t.db
    .select()
    .from(adminActions)
    .where(and(eq(adminActions.targetUserId, userId), eq(adminActions.command, 'view_id_document')));

describe('the sandbox identity page', () => {
  it('takes a photo of the ID, processed and kept privately, and passes only with it', async () => {
    const a = await applicantWithCheck();
    const page = await t.app.inject({ method: 'GET', url: a.checkUrl });
    expect(page.body).toContain('Photo of your ID document (front)');
    expect(page.body).toContain('<script src="/sandbox/identity/check.js"></script>');
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/identity/check.js' });
    expect([script.statusCode, script.headers['content-type']]).toEqual([
      200,
      'text/javascript; charset=utf-8',
    ]);
    expect(script.body).toContain('xhr.upload.onprogress');

    // Without the photo, "verified" is refused on the page, and nothing changes.
    const early = await answer(a.checkUrl, 'verified');
    expect(early.statusCode).toBe(409);
    expect(early.body).toContain('Upload a photo of your ID document first.');
    expect((await t.db.select().from(users).where(eq(users.id, a.user.id)))[0]?.identityCheck).toBe(
      'in_progress',
    );

    // A file that is no image, and a broken JPEG, are refused with the media code's words.
    const text = await uploadIdPhoto(
      t.app,
      a.checkUrl,
      'front',
      Buffer.from('%PDF-1.4 not a photo'),
      'image/jpeg',
    );
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    const photo = await idPhoto();
    const broken = await uploadIdPhoto(t.app, a.checkUrl, 'front', photo.subarray(0, 4000));
    expect(broken.statusCode).toBe(422);
    expect(
      await t.db.select().from(idDocuments).where(eq(idDocuments.applicationId, a.applicationId)),
    ).toEqual([]);

    const uploaded = await uploadIdPhoto(t.app, a.checkUrl, 'front', photo);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toEqual({ side: 'front', width: 1600, height: 1000 });
    const [row] = await t.db.select().from(idDocuments).where(eq(idDocuments.applicationId, a.applicationId));
    expect(row?.storageKey).toMatch(new RegExp(`^id/${a.applicationId}/front-[0-9a-f]{24}\\.jpg$`));
    // Stored as a JPEG with no metadata (no camera, no GPS), and never under the public folder.
    const stored = await t.app.media.storage.read(row?.storageKey ?? '');
    const chunks: Buffer[] = [];
    for await (const c of stored) chunks.push(c as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 1000 });
    expect(meta.exif).toBeUndefined();
    const publicFiles = await readdir(join(t.config.dataDir, 'media', 'public')).catch(() => []);
    expect(publicFiles.filter((f) => f.endsWith('.jpg'))).toEqual([]);

    // A second photo of the same side replaces the first, whose file goes.
    expect((await uploadIdPhoto(t.app, a.checkUrl, 'front', await idPhoto(900, 600))).statusCode).toBe(200);
    expect(await t.app.media.storage.stat(row?.storageKey ?? '')).toBeNull();
    expect(await t.app.media.storage.list(`id/${a.applicationId}/`)).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: a.checkUrl })).body).toContain('Uploaded.');

    const done = await answer(a.checkUrl, 'verified');
    expect([done.statusCode, done.headers.location]).toEqual([303, '/apply']);
    // The check is closed: no more photos.
    expect((await uploadIdPhoto(t.app, a.checkUrl, 'selfie', photo)).statusCode).toBe(404);
  });
});

describe('ID photos in the staff review', () => {
  it('shows staff the photo, writing each view to the audit log', async () => {
    const a = await applicantWithCheck();
    await uploadIdPhoto(t.app, a.checkUrl, 'front', await idPhoto(1200, 750));
    await answer(a.checkUrl, 'verified');
    const boss = await person(t, { isStaff: true });

    const listed = (await boss.api.get('/v1/admin/applications')).json().applications;
    expect(listed.find((x: { id: string }) => x.id === a.applicationId)).toMatchObject({
      id_documents: ['front'],
    });

    const res = await boss.api.get(documentUrl(a.applicationId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ side: 'front', width: 1200, height: 750 });
    expect(body.image).toMatch(/^data:image\/jpeg;base64,/);
    const jpeg = Buffer.from(body.image.slice('data:image/jpeg;base64,'.length), 'base64');
    expect((await sharp(jpeg).metadata()).width).toBe(1200);
    await boss.api.get(documentUrl(a.applicationId));

    expect((await views(a.user.id)).map((v) => [v.actor, v.args, v.reason])).toEqual([
      [`staff:${boss.user.email}`, [a.applicationId, 'front'], 'Reviewing the creator application'],
      [`staff:${boss.user.email}`, [a.applicationId, 'front'], 'Reviewing the creator application'],
    ]);
    const log = (await boss.api.get(`/v1/admin/audit?target=${a.user.id}`)).json().entries;
    expect(log[0]).toMatchObject({ command: 'view_id_document', args: [a.applicationId, 'front'] });

    const noSelfie = await boss.api.get(documentUrl(a.applicationId, 'selfie'));
    expect([noSelfie.statusCode, noSelfie.json().message]).toEqual([
      404,
      'No ID photo of this kind is kept for this application.',
    ]);
    expect((await boss.api.get(documentUrl('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await views(a.user.id)).length).toBe(2);
  });

  it('refuses everyone but staff who passed their second factor, and logs no view for them', async () => {
    const a = await applicantWithCheck();
    await uploadIdPhoto(t.app, a.checkUrl, 'front', await idPhoto(800, 500));
    const url = documentUrl(a.applicationId);
    const fan = await person(t);
    const creator = await person(t, { type: 'featured' });
    const moderator = await person(t, { isStaffMo: true });
    const bannedStaff = await person(t, { isStaff: true, bannedAt: new Date() });
    const staffNoFactor = await createUser(t.db, { isStaff: true });
    const noFactorToken = await issueAccessToken(t.db, staffNoFactor.id, { factorPassed: false });
    const callers: [string, Record<string, string>, number, string?][] = [
      ['no token', {}, 401],
      ['the applicant', { 'access-token': a.token }, 403],
      ['a fan', { 'access-token': fan.token }, 403],
      ['a creator', { 'access-token': creator.token }, 403],
      ['banned staff', { 'access-token': bannedStaff.token }, 401],
      ['staff without a second factor', { 'access-token': noFactorToken }, 403, 'factor_setup_required'],
      ['a moderator', { 'access-token': moderator.token }, 403, 'moderator_not_allowed'],
    ];
    for (const [who, headers, status, code] of callers) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect([who, res.statusCode]).toEqual([who, status]);
      expect(res.body).not.toContain('data:image');
      if (code) expect([who, res.json().code]).toEqual([who, code]);
    }
    expect(await views(a.user.id)).toEqual([]);
  });
});

describe('how long ID photos are kept', () => {
  it('erases them 30 days after the decision, never while the application waits', async () => {
    const a = await applicantWithCheck();
    await uploadIdPhoto(t.app, a.checkUrl, 'front', await idPhoto(800, 500));
    await uploadIdPhoto(t.app, a.checkUrl, 'selfie', await idPhoto(600, 800));
    const waiting = await applicantWithCheck();
    await uploadIdPhoto(t.app, waiting.checkUrl, 'front', await idPhoto(800, 500));
    await answer(a.checkUrl, 'verified');
    const boss = await person(t, { isStaff: true });
    expect(
      (await boss.api.post(`/v1/admin/applications/${a.applicationId}/reject`, { reason: 'blurred ID' }))
        .statusCode,
    ).toBe(200);
    const kept = () => t.db.select().from(idDocuments).where(eq(idDocuments.applicationId, a.applicationId));
    const deps = { db: t.db, storage: t.app.media.storage };

    await eraseDecidedIdDocuments(deps, new Date(Date.now() + 29 * DAY));
    expect(await kept()).toHaveLength(2);
    // Staff may still look during the retention period.
    expect((await boss.api.get(documentUrl(a.applicationId))).statusCode).toBe(200);

    await eraseDecidedIdDocuments(deps, new Date(Date.now() + 31 * DAY));
    expect(await kept()).toEqual([]);
    expect(await t.app.media.storage.list(`id/${a.applicationId}/`)).toEqual([]);
    expect((await boss.api.get(documentUrl(a.applicationId))).statusCode).toBe(404);
    // A pending application's photo stays, however old.
    expect(await t.app.media.storage.list(`id/${waiting.applicationId}/`)).toHaveLength(1);
  });
});
