import { eq } from 'drizzle-orm';
import { chats } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fanAndCreator, person, text } from '../helpers/chats';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const open = (p: Awaited<ReturnType<typeof person>>, recipientId: string) =>
  p.api.post('/v1/chat', { recipient_id: recipientId });

describe('opening a chat', () => {
  it('opens a fan-creator chat at the creator\u2019s rate, once, and lists it for the fan only', async () => {
    const fan = await person(t);
    const creator = await person(t, { type: 'featured', creditRate: 25 });
    expect((await fan.api.get(`/v1/chat?recipient_id=${creator.user.id}`)).json()).toEqual({
      message: 'Chat not found',
      code: 'not_found',
    });

    const results = await Promise.all([
      open(fan, creator.user.id),
      open(fan, creator.user.id),
      open(creator, fan.user.id),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(results.map((r) => r.json().data._id));
    expect(ids.size).toBe(1);
    const body = results[0]?.json();
    expect(body.data).toMatchObject({
      recipient_id: creator.user.id,
      credit_rate: 25,
      unread_messages: 0,
      is_intro: false,
    });
    expect(body.user).toMatchObject({ _id: creator.user.id, type: 'featured' });
    expect(await t.db.$count(chats)).toBeGreaterThan(0);
    const got = await fan.api.get(`/v1/chat?recipient_id=${creator.user.id}`);
    expect(got.json().data._id).toBe(body.data._id);
  });

  it('refuses a chat with yourself, between two fans and between two creators', async () => {
    const fan = await person(t);
    const fan2 = await person(t);
    const c1 = await person(t, { type: 'featured' });
    const c2 = await person(t, { type: 'featured' });
    const self = await open(fan, fan.user.id);
    expect([self.statusCode, self.json().message]).toEqual([400, 'Can not create chat with your own user.']);
    for (const [a, b] of [
      [fan, fan2],
      [c1, c2],
    ] as const) {
      const res = await open(a, b.user.id);
      expect([res.statusCode, res.json().message]).toEqual([
        403,
        "Sorry, you can't create a chat with this user right now",
      ]);
    }
  });

  it('lets staff talk to anyone', async () => {
    const staff = await person(t, { isStaff: true });
    const fan = await person(t);
    const creator = await person(t, { type: 'featured' });
    expect((await open(staff, fan.user.id)).statusCode).toBe(200);
    expect((await open(creator, staff.user.id)).statusCode).toBe(200);
  });

  it('answers frozen, gone, blocked and unknown people clearly', async () => {
    const frozen = await person(t, { frozen: true });
    const creator = await person(t, { type: 'featured' });
    const res = await open(frozen, creator.user.id);
    expect([res.statusCode, res.json().message]).toEqual([
      423,
      'Your account has been temporarily frozen. Please respond to your chat with support.',
    ]);

    const fan = await person(t);
    const gone = await person(t, { type: 'featured', terminatedAt: new Date() });
    const g = await open(fan, gone.user.id);
    expect([g.statusCode, g.json().message]).toEqual([410, 'Sorry, this account no longer exists.']);

    const blocker = await person(t, { type: 'featured' });
    await blocker.api.post(`/v1/users/${fan.user.id}/block`);
    expect((await open(fan, blocker.user.id)).statusCode).toBe(403);

    const unknown = await open(fan, '00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      404,
      'User Cannot Be Found Or Does Not Exist',
    ]);
  });

  it('limits a fan who never bought credits to three free chats', async () => {
    const fan = await person(t);
    const free = await Promise.all(
      Array.from({ length: 4 }, () => person(t, { type: 'featured', creditRate: 0 })),
    );
    const codes = [];
    for (const c of free) codes.push((await open(fan, c.user.id)).statusCode);
    expect(codes).toEqual([200, 200, 200, 402]);
    const last = await open(fan, free[3]?.user.id ?? '');
    expect(last.json()).toEqual({
      message:
        'You have hit your maximum amount of free chats, buy a credit package to unlock unlimited free chats.',
      code: 'free_chat_limit',
    });
    const customer = await person(t, { isCustomer: true });
    for (const c of free) expect((await open(customer, c.user.id)).statusCode).toBe(200);
  });

  it('starts an intro when the creator offers intros, and the creator\u2019s reply ends it', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, {
      credits: 100,
      rate: 10,
      creator: { introEnabled: true },
    });
    const chat = (await fan.api.get(`/v1/chat?recipient_id=${creator.user.id}`)).json().data;
    expect(chat).toMatchObject({ is_intro: true, intro_ended: false });
    const first = await fan.api.post(
      '/v1/messages',
      text(creator.user.id, 'Hi there', { send_id: 'intro-1' }),
    );
    expect(first.json().credits).toBe(100);
    await creator.api.post('/v1/messages', text(fan.user.id, 'Welcome!', { send_id: 'intro-2' }));
    const [row] = await t.db.select().from(chats).where(eq(chats.id, chatId));
    expect(row?.introEnded).toBe(true);
    const second = await fan.api.post(
      '/v1/messages',
      text(creator.user.id, 'Thanks', { send_id: 'intro-3' }),
    );
    expect(second.json().credits).toBe(90);
    const fanView = (await fan.api.get(`/v1/chats/${chatId}/messages`))
      .json()
      .data.map((m: { type: string }) => m.type);
    expect(fanView).toContain('intro_ended');
    expect(fanView).not.toContain('intro_ended_model');
  });

  it('tells each member that the chat is an intro in their own copy, with the price in credits', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, {
      credits: 100,
      rate: 15,
      creator: { introEnabled: true },
    });
    await fan.api.post('/v1/messages', text(creator.user.id, 'Hello', { send_id: 'intro-notice' }));
    const lines = async (who: typeof fan) =>
      (await who.api.get(`/v1/chats/${chatId}/messages`))
        .json()
        .data.filter((m: { system: boolean }) => m.system)
        .map((m: { type: string; notice: unknown }) => [m.type, m.notice]);
    const notice = { kind: 'intro_started', amount: 15 };
    expect(await lines(fan)).toEqual([['for_user_intro', notice]]);
    expect(await lines(creator)).toEqual([['for_model_intro', notice]]);
  });

  it('writes no intro notice in a chat that is not an intro', async () => {
    const { fan, chatId } = await fanAndCreator(t, { credits: 100, rate: 15 });
    const got = (await fan.api.get(`/v1/chats/${chatId}/messages`)).json().data;
    expect(got.filter((m: { system: boolean }) => m.system)).toEqual([]);
  });
});
