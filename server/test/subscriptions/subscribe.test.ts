import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { chatBetween } from '../../src/chats/chat-store';
import { chatMembers, ledgerTransactions, messages, subscriptions, userEvents } from '../../src/db/schema';
import { balanceOf, creditsOf } from '../../src/ledger/ledger';
import { person } from '../helpers/chats';
import { balancedAppForFile } from '../helpers/file-app';
import { fanAndCreator, subscribeTo, subscriptionOf, systemMessages } from './helpers';

const t = balancedAppForFile();

const DAY = 24 * 60 * 60 * 1000;
const ledgerRowsOf = (id: string) =>
  t.db
    .select()
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.idempotencyKey, `subscription:${id}:%`));

describe('POST /v1/subscriptions', () => {
  it('charges the first month, 80% to the creator, and writes both system messages', async () => {
    const { fan, creator } = await fanAndCreator(t, 500, 100);
    const platformBefore = await balanceOf(t.db, { owner: null, kind: 'platform_revenue' });
    const res = await subscribeTo(fan, creator);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.credits).toBe(400);
    expect(body.data).toMatchObject({
      status: 'active',
      price: 100,
      user: { _id: creator.user.id, username: creator.user.username, avatar_url: null },
    });
    const expires = new Date(body.data.expires_at).getTime();
    expect(Math.abs(expires - (Date.now() + 30 * DAY))).toBeLessThan(60_000);

    const row = await subscriptionOf(t, fan, creator);
    expect(row).toMatchObject({ id: body.data._id, status: 'active', period: 1, price: 100 });
    expect(await creditsOf(t.db, fan.user.id)).toBe(400);
    expect(await balanceOf(t.db, { owner: creator.user.id, kind: 'earnings' })).toBe(80);
    expect(await balanceOf(t.db, { owner: null, kind: 'platform_revenue' })).toBe(platformBefore + 20);
    expect((await ledgerRowsOf(row.id)).map((l) => l.idempotencyKey)).toEqual([`subscription:${row.id}:1`]);

    const chat = await chatBetween(t.db, fan.user.id, creator.user.id);
    if (!chat) throw new Error('no chat');
    expect(await systemMessages(t, chat.id)).toEqual([
      {
        viewer: fan.user.id,
        type: 'for_user_subscription',
        text: '',
        notice: { kind: 'subscribed', amount: 100 },
      },
      {
        viewer: creator.user.id,
        type: 'for_model_subscription',
        text: '',
        notice: { kind: 'subscribed', amount: 100 },
      },
    ]);
    // The creator sees the new subscriber's chat, which counts what the fan paid.
    const members = await t.db.select().from(chatMembers).where(eq(chatMembers.chatId, chat.id));
    expect(members.find((m) => m.userId === creator.user.id)).toMatchObject({
      listed: true,
      spentByOther: 100,
    });

    const events = await t.db.select().from(userEvents).where(eq(userEvents.userId, fan.user.id));
    expect(events.map((e) => [e.type, e.payload])).toEqual(
      expect.arrayContaining([
        ['credits_update', { credits: 400, amount: -100 }],
        ['subscription_updated', { model_id: creator.user.id, status: 'active' }],
      ]),
    );
  });

  it('needs no free chat: a fan out of free chats still subscribes, in a new chat', async () => {
    const { fan, creator } = await fanAndCreator(t, 150, 100);
    for (let i = 0; i < 3; i++) {
      const free = await person(t, { type: 'featured', creditRate: 0 });
      expect((await fan.api.post('/v1/chat', { recipient_id: free.user.id })).statusCode).toBe(200);
    }
    const free = await person(t, { type: 'featured', creditRate: 0, subscriptionPrice: 50 });
    expect((await fan.api.post('/v1/chat', { recipient_id: free.user.id })).statusCode).toBe(402);
    expect((await subscribeTo(fan, free)).statusCode).toBe(200);
    expect(await chatBetween(t.db, fan.user.id, free.user.id)).toBeDefined();
    expect((await subscribeTo(fan, creator)).statusCode).toBe(200);
  });

  it('answers a retry with the same send id without charging again', async () => {
    const { fan, creator } = await fanAndCreator(t, 300, 100);
    const sendId = randomUUID();
    const first = await subscribeTo(fan, creator, sendId);
    const again = await subscribeTo(fan, creator, sendId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await creditsOf(t.db, fan.user.id)).toBe(200);

    const other = await person(t, { type: 'featured', subscriptionPrice: 10 });
    const reused = await subscribeTo(fan, other, sendId);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('send_id_reused');
  });

  it('refuses what the rules do not allow', async () => {
    const { fan, creator } = await fanAndCreator(t, 1000, 100);
    const otherFan = await person(t, { type: 'user' });
    const free = await person(t, { type: 'featured', subscriptionPrice: 0 });
    const expectError = async (
      res: Awaited<ReturnType<typeof subscribeTo>>,
      status: number,
      code: string,
    ) => {
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
      return res.json().message as string;
    };
    await expectError(await subscribeTo(creator, creator), 400, 'own_subscription');
    await expectError(await subscribeTo(creator, free), 400, 'subscribe_not_allowed');
    await expectError(await subscribeTo(fan, otherFan), 404, 'user_not_found');
    const unknown = await fan.api.post('/v1/subscriptions', {
      model_id: randomUUID(),
      send_id: randomUUID(),
    });
    await expectError(unknown, 404, 'user_not_found');
    const malformed = await fan.api.post('/v1/subscriptions', { model_id: 'nobody', send_id: randomUUID() });
    await expectError(malformed, 404, 'user_not_found');
    expect(await expectError(await subscribeTo(fan, free), 400, 'no_subscriptions')).toBe(
      'This creator does not offer subscriptions.',
    );

    expect((await subscribeTo(fan, creator)).statusCode).toBe(200);
    expect(await expectError(await subscribeTo(fan, creator), 409, 'already_subscribed')).toBe(
      'You are already subscribed.',
    );
    expect(await creditsOf(t.db, fan.user.id)).toBe(900);
  });

  it('changes nothing without enough credits', async () => {
    const { fan, creator } = await fanAndCreator(t, 99, 100);
    const res = await subscribeTo(fan, creator);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'not_enough_credits', message: 'Balance too low.' });
    const broke = await person(t, { type: 'user' });
    expect((await subscribeTo(broke, creator)).json().message).toBe('You have no credits.');

    expect(await creditsOf(t.db, fan.user.id)).toBe(99);
    expect(
      await t.db.select().from(subscriptions).where(eq(subscriptions.creatorId, creator.user.id)),
    ).toEqual([]);
    expect(await chatBetween(t.db, fan.user.id, creator.user.id)).toBeUndefined();
    expect(await t.db.select().from(messages).where(eq(messages.senderId, creator.user.id))).toEqual([]);
  });

  it('charges once under 100 concurrent attempts with one send id', async () => {
    const { fan, creator } = await fanAndCreator(t, 1000, 100);
    const sendId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 100 }, () => subscribeTo(fan, creator, sendId)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200));
    expect(new Set(answers.map((a) => a.json().data._id)).size).toBe(1);
    const row = await subscriptionOf(t, fan, creator);
    expect(await ledgerRowsOf(row.id)).toHaveLength(1);
    expect(await creditsOf(t.db, fan.user.id)).toBe(900);
  });

  it('charges once under 100 concurrent attempts with different send ids', async () => {
    const { fan, creator } = await fanAndCreator(t, 1000, 100);
    const answers = await Promise.all(Array.from({ length: 100 }, () => subscribeTo(fan, creator)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(99).fill(409)]);
    const row = await subscriptionOf(t, fan, creator);
    expect(await ledgerRowsOf(row.id)).toHaveLength(1);
    expect(await creditsOf(t.db, fan.user.id)).toBe(900);
    const chat = await chatBetween(t.db, fan.user.id, creator.user.id);
    expect(await systemMessages(t, chat?.id ?? '')).toHaveLength(2);
  });
});

describe('GET and DELETE /v1/subscriptions', () => {
  it('lists the caller’s own, newest first, and cancels only theirs', async () => {
    const { fan, creator } = await fanAndCreator(t, 1000, 100);
    const second = await person(t, { type: 'featured', subscriptionPrice: 30 });
    const stranger = await person(t, { type: 'user' });
    const a = (await subscribeTo(fan, creator)).json().data._id as string;
    const b = (await subscribeTo(fan, second)).json().data._id as string;

    const page = await fan.api.get('/v1/subscriptions?limit=1');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, next: '/v1/subscriptions?limit=1&offset=1' });
    expect(page.json().data.map((s: { _id: string }) => s._id)).toEqual([b]);
    expect((await fan.api.get('/v1/subscriptions')).json().data.map((s: { _id: string }) => s._id)).toEqual([
      b,
      a,
    ]);
    expect((await stranger.api.get('/v1/subscriptions')).json()).toEqual({ data: [], next: null, total: 0 });

    const theirs = await stranger.api.delete(`/v1/subscriptions?ids=${a},${b}`);
    expect(theirs.json()).toEqual({ canceled: 0 });
    expect((await subscriptionOf(t, fan, creator)).status).toBe('active');

    const mine = await fan.api.delete(`/v1/subscriptions?ids=${a},nonsense,${randomUUID()}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ canceled: 1 });
    const row = await subscriptionOf(t, fan, creator);
    expect(row.status).toBe('canceled');
    expect(row.canceledAt).not.toBeNull();
    // Access lasts to the end of the period: still listed, as canceled, and no second subscribe.
    const listed = (await fan.api.get('/v1/subscriptions')).json().data;
    expect(listed.find((s: { _id: string }) => s._id === a)).toMatchObject({ status: 'canceled' });
    expect((await subscribeTo(fan, creator)).statusCode).toBe(409);
    expect((await fan.api.delete(`/v1/subscriptions?ids=${a}`)).json()).toEqual({ canceled: 0 });
  });

  it('cancels by the creator’s id too, as the account page selects them, and only the caller’s', async () => {
    const { fan, creator } = await fanAndCreator(t, 1000);
    const other = (await fanAndCreator(t, 1000)).fan;
    expect((await subscribeTo(fan, creator)).statusCode).toBe(200);
    expect((await subscribeTo(other, creator)).statusCode).toBe(200);

    const mine = await fan.api.delete(`/v1/subscriptions?ids=${creator.user.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ canceled: 1 });
    expect((await subscriptionOf(t, fan, creator)).status).toBe('canceled');
    expect((await subscriptionOf(t, other, creator)).status).toBe('active');
  });
});
