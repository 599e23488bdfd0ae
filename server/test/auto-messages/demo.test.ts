import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { seedDemoAutoMessages } from '../../src/seed/demo-auto-messages';
import { demoEmail, seedDemoWorld } from '../../src/seed/demo-world';
import { issueAccessToken } from '../../src/auth/tokens';
import { as } from '../helpers/api';
import { type Party, person } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/payments';
import { autoMessagesTo } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoWorld(t.db, join(t.config.dataDir, 'media'));
  await seedDemoAutoMessages(t.app);
});
afterAll(() => t.close());

it('luna-rivers greets a new fan and thanks a new follower, and has thank-yous for subscribers and first purchases', async () => {
  const [row] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail('luna-rivers')));
  if (!row) throw new Error('no luna');
  const token = await issueAccessToken(t.db, row.id);
  const luna: Party = { user: row, token, api: as(t.app, token) };
  const categories = (await luna.api.get('/v1/auto-messages')).json().data as {
    category: string;
    excerpt: string;
  }[];
  expect(categories.filter((c) => c.excerpt !== '').map((c) => c.category)).toEqual([
    'welcome',
    'new_follower',
    'new_subscriber',
    'first_purchase',
  ]);

  const fan = await person(t, { type: 'user' });
  await fan.api.post('/v1/chat', { recipient_id: row.id });
  await fan.api.patch(`/v1/users/${row.id}/follow`);
  // The welcome is a note and, where media is processed, a paid photo; the thank-you comes last.
  const thanks = 'Thank you for following! Tour dates drop here first.';
  const got = await eventually(
    () => autoMessagesTo(t, luna, fan),
    (rows) => rows.some((m) => m.text === thanks),
  );
  expect(got[0]?.text).toMatch(/^Hi, I am Luna!/);
  expect(got.filter((m) => m.text === thanks)).toHaveLength(1);
});
