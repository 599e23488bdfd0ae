import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { setUserFeature } from '../../src/onboarding/features';
import { fanAndCreator } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { readyPhoto } from '../feed/world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setFeature(id: string, on: boolean) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no user');
  await t.db.transaction((tx) => setUserFeature(tx, () => undefined, row, 'usd_content', on));
}

describe('usd_content: prices above $100', () => {
  it('refuses a price above $100 without the permission, and takes it with it', async () => {
    const { fan, creator } = await fanAndCreator(t);
    const paid = async (price: number) => {
      const photo = await readyPhoto(t, creator);
      return creator.api.post('/v1/messages', {
        type: 'image',
        recipient_id: fan.user.id,
        media_id: photo.media_id,
        price,
        send_id: randomUUID(),
      });
    };
    const post = async (price: number) =>
      creator.api.post('/v1/feed', { type: 'text', text: 'Long read', price, send_id: randomUUID() });

    // $100 is open to every creator.
    expect((await paid(1_000)).statusCode).toBe(200);
    const refused = [await paid(1_500), await post(2_000)];
    for (const res of refused)
      expect([res.statusCode, res.json().message]).toEqual([
        403,
        'Prices above $100.00 need staff approval: ask support to allow higher prices.',
      ]);

    await setFeature(creator.user.id, true);
    const sent = await paid(1_500);
    expect([sent.statusCode, sent.json().data.price]).toEqual([200, 1_500]);
    expect((await post(2_000)).statusCode).toBe(200);
  });
});
