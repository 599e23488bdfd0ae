import { and, eq } from 'drizzle-orm';
import { deliverAutoMessages } from '../../src/auto-messages/deliver';
import { autoMessageSends, blocks, users } from '../../src/db/schema';
import { readyPhoto } from '../helpers/broadcast-world';
import { grantCredits, person, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { autoMessagesTo, awaitAutoMessages, putAuto, settle, textMessage } from './helpers';
import { creatorWith, fan, follow, openChat } from './trigger-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('what a delivery respects', () => {
  it('a per-fan cooldown holds back a second category, for good', async () => {
    const creator = await creatorWith(t, 'welcome', [textMessage('hello')]);
    await putAuto(t, creator, {
      category: 'new_follower',
      cooldown_hours: 24,
      auto_messages: [textMessage('thanks for the follow')],
    });
    const someone = await fan(t);
    await openChat(someone, creator);
    await awaitAutoMessages(t, creator, someone, 1);
    await follow(someone, creator);
    await settle();
    expect((await autoMessagesTo(t, creator, someone)).map((m) => m.text)).toEqual(['hello']);
    const [held] = await t.db
      .select()
      .from(autoMessageSends)
      .where(and(eq(autoMessageSends.fanId, someone.user.id), eq(autoMessageSends.category, 'new_follower')));
    expect(held?.sent).toBe(0);
  });

  it('media the fan already bought arrives unlocked; other paid media stays locked', async () => {
    const creator = await person(t, { type: 'featured', creditRate: 0 });
    const [owned, other] = [await readyPhoto(t.db, creator.user.id), await readyPhoto(t.db, creator.user.id)];
    const someone = await fan(t);
    await grantCredits(t.db, someone.user.id, 100);
    await openChat(someone, creator);
    const paid = await creator.api.post(
      '/v1/messages',
      text(someone.user.id, '', { type: 'image', media_id: owned, price: 20 }),
    );
    expect((await someone.api.patch(`/v1/messages/${paid.json().data._id}/buy`)).statusCode).toBe(200);

    await putAuto(t, creator, {
      category: 'new_follower',
      auto_messages: [
        { type: 'media', media_id: owned, price: 40 },
        { type: 'media', media_id: other, price: 40 },
      ],
    });
    await follow(someone, creator);
    const written = await awaitAutoMessages(t, creator, someone, 2);
    expect(written.map((m) => [m.mediaId, m.price])).toEqual([
      [owned, 0],
      [other, 40],
    ]);
  });

  it('skips a blocked pair and a banned fan, and claims nothing for them', async () => {
    // A delay keeps the follows' jobs waiting: the deliveries below run as they would after it.
    const creator = await creatorWith(t, 'new_follower', [textMessage('hi')], { delay_minutes: 60 });
    const blocked = await fan(t);
    const banned = await fan(t);
    await follow(blocked, creator);
    await follow(banned, creator);
    await t.db.insert(blocks).values({ blockerId: creator.user.id, blockedId: blocked.user.id });
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned.user.id));
    const deps = { db: t.db, realtime: t.app.realtime };
    for (const who of [blocked, banned]) {
      const job = { creatorId: creator.user.id, fanId: who.user.id, category: 'new_follower' as const };
      expect(await deliverAutoMessages(deps, job)).toBe(0);
      expect(await autoMessagesTo(t, creator, who)).toHaveLength(0);
    }
    const claimed = await t.db
      .select()
      .from(autoMessageSends)
      .where(eq(autoMessageSends.creatorId, creator.user.id));
    expect(claimed).toHaveLength(0);
  });

  it('sends nothing while the creator is restricted (awaiting approval or denied)', async () => {
    const creator = await creatorWith(t, 'new_follower', [textMessage('hi')], { delay_minutes: 60 });
    const someone = await fan(t);
    await follow(someone, creator);
    await t.db.update(users).set({ discoverStatus: 'denied' }).where(eq(users.id, creator.user.id));
    const job = { creatorId: creator.user.id, fanId: someone.user.id, category: 'new_follower' as const };
    expect(await deliverAutoMessages({ db: t.db, realtime: t.app.realtime }, job)).toBe(0);
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(0);
  });
});
