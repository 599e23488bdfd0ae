import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { issueAccessToken } from '../src/auth/tokens';
import { users } from '../src/db/schema';
import { seedDemoChats } from '../src/seed/demo-chats';
import { seedDemoOffers } from '../src/seed/demo-offers';
import { seedDemoProfiles } from '../src/seed/demo-profiles';
import { demoEmail, seedDemoWorld } from '../src/seed/demo-world';
import { as } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const idOf = async (name: string) => {
  const [row] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail(name)));
  if (!row) throw new Error(`no ${name}`);
  return row.id;
};
const signedIn = async (name: string) => as(t.app, await issueAccessToken(t.db, await idOf(name)));

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoWorld(t.db, join(t.config.dataDir, 'media'));
  await seedDemoChats(t.app);
  await seedDemoProfiles(t.app);
  await seedDemoOffers(t.app);
}, 120_000);
afterAll(() => t.close());

describe('the demo subscription offers', () => {
  it('show luna-rivers’s bundles, promotion and trial link to her and on her public page', async () => {
    const luna = await signedIn('luna-rivers');
    const offers = (await luna.get('/v1/subscription-offers')).json().data;
    expect(offers.bundles).toEqual([
      { months: 3, percent_off: 10 },
      { months: 6, percent_off: 15 },
      { months: 12, percent_off: 25 },
    ]);
    expect(offers.promotions).toEqual([
      expect.objectContaining({ audience: 'new', percent_off: 30, status: 'active' }),
    ]);
    expect(offers.trial_links).toEqual([
      expect.objectContaining({ trial_days: 7, used: 0, status: 'active' }),
    ]);
    const page = (await t.app.inject({ method: 'GET', url: '/v1/public/creators/luna-rivers' })).json().data;
    expect(page.subscribe_options.map((o: { months: number; total: number }) => [o.months, o.total])).toEqual(
      [
        [1, 69],
        [3, 267],
        [6, 504],
        [12, 891],
      ],
    );
  });

  it('give jordan-fan a 3-month bundle with renewal off, named in his history', async () => {
    const jordan = await signedIn('jordan-fan');
    const [sub] = (await jordan.get('/v1/subscriptions')).json().data;
    expect(sub).toMatchObject({ status: 'canceled', months: 3, user: { username: 'ivy-moon' } });
    const history = (await jordan.get('/v1/history')).json().data;
    expect(history[0]).toMatchObject({ kind: 'subscription', amount: -159, offer: '3 months, 10% off' });
  });
});
