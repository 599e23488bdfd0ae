import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { setUserFeature } from '../../src/onboarding/features';
import { person } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from './helpers/fixtures';
import { settled, upload } from './helpers/upload';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the vault permission', () => {
  it('opens the vault while on; off, the vault answers 403 and keeps what it holds', async () => {
    const creator = await person(t, { type: 'featured' });
    const res = await upload(t.app, creator.token, { data: await photo({ width: 150, height: 100 }) });
    const id = (await settled(t.app, creator.token, res.json().media_id)).media_id;

    const listed = await creator.api.get('/v1/media');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((m: { media_id: string }) => m.media_id)).toEqual([id]);

    const [row] = await t.db.select().from(users).where(eq(users.id, creator.user.id));
    if (!row) throw new Error('no user');
    await t.db.transaction((tx) => setUserFeature(tx, () => undefined, row, 'vault', false));
    for (const refused of [
      await creator.api.get('/v1/media'),
      await creator.api.delete('/v1/media', { ids: [id] }),
    ]) {
      expect([refused.statusCode, refused.json().message]).toEqual([403, 'Forbidden']);
    }
    await t.db.transaction((tx) => setUserFeature(tx, () => undefined, row, 'vault', true));
    expect((await creator.api.get('/v1/media')).json().data).toHaveLength(1);
  });
});
