import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { seedDemoChats } from '../src/seed/demo-chats';
import { seedDemoPostMedia } from '../src/seed/demo-post-media';
import { seedDemoProfiles } from '../src/seed/demo-profiles';
import { demoEmail, seedDemoWorld } from '../src/seed/demo-world';
import { issueAccessToken } from '../src/auth/tokens';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoWorld(t.db, join(t.config.dataDir, 'media'));
  await seedDemoChats(t.app);
  await seedDemoProfiles(t.app);
  await seedDemoPostMedia(t.app);
}, 240_000);
afterAll(() => t.close());

it('gives luna-rivers a multi-photo post with numbers and a scheduled post', async () => {
  const [luna] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail('luna-rivers')));
  if (!luna) throw new Error('no luna');
  const headers = { 'access-token': await issueAccessToken(t.db, luna.id) };
  const feed = await t.app.inject({ url: `/v1/feed?model_id=${luna.id}`, headers });
  const diary = feed.json().data.find((p: { text: string }) => p.text.startsWith('Tour diary'));
  expect(diary).toMatchObject({ media_count: { images: 3, videos: 0 }, stats: { unlocks: 1 } });
  expect(diary.media_items).toHaveLength(3);
  expect(diary.stats.views).toBeGreaterThanOrEqual(3);
  expect(diary.stats.revenue).toBe(24 + 16);
  const scheduled = await t.app.inject({ url: '/v1/feed/scheduled', headers });
  expect(scheduled.json().data).toMatchObject([{ text: expect.stringContaining('Listening party') }]);
});

it('leaves sam-fan, who bought and tipped on it, with no credits and no card purchase, as before', async () => {
  const [sam] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail('sam-fan')));
  if (!sam) throw new Error('no sam');
  const me = await t.app.inject({
    url: '/v1/users/me',
    headers: { 'access-token': await issueAccessToken(t.db, sam.id) },
  });
  expect(me.json()).toMatchObject({ credits: 0, is_customer: false });
});
