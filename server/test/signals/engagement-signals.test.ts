import { eq, sql } from 'drizzle-orm';
import { chatMembers, users } from '../../src/db/schema';
import { person, type Party } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signals = async (p: Party) => {
  const res = await p.api.get('/v1/users/me/signals');
  expect(res.statusCode).toBe(200);
  return res.json();
};
const creator = (username: string) => person(t, { type: 'featured', username, discoverStatus: 'featured' });

describe('GET /v1/users/me/signals', () => {
  it("counts a fan's chats with creators, not with staff", async () => {
    const fan = await person(t, { username: 'sig-fan' });
    const staff = await person(t, { isStaff: true, type: 'featured' });
    const star = await creator('sig-star');
    expect(await signals(fan)).toEqual({ chats: 0, new_chats: 0, referred: 0, rank: null });

    await fan.api.post('/v1/chat', { recipient_id: staff.user.id });
    expect((await signals(fan)).chats).toBe(0);
    expect((await fan.api.post('/v1/chat', { recipient_id: star.user.id })).statusCode).toBe(200);
    expect(await signals(fan)).toEqual({ chats: 1, new_chats: 1, referred: 0, rank: null });
  });

  it("counts a creator's chats with fans, those of the last 7 days, and who joined with the code", async () => {
    const star = await creator('sig-counted');
    const [old, referred, third] = await Promise.all(
      [1, 2, 3].map((n) => person(t, { username: `sig-counted-fan${n}` })),
    );
    if (!old || !referred || !third) throw new Error('three fans');
    for (const fan of [old, referred, third]) await fan.api.post('/v1/chat', { recipient_id: star.user.id });
    await t.db
      .update(chatMembers)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(chatMembers.otherId, old.user.id));
    await t.db.update(users).set({ referrerId: star.user.id }).where(eq(users.id, referred.user.id));
    expect(await signals(star)).toMatchObject({ chats: 3, new_chats: 2, referred: 1 });
    expect((await signals(star)).rank).toBeGreaterThanOrEqual(1);
  });

  it('answers 401 without a sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/me/signals' })).statusCode).toBe(401);
  });
});

describe('the invisible setting as GET /v1/users/me and Discover show it', () => {
  it('takes the creator out of Discover and brings them back when turned off', async () => {
    const fan = await person(t, { username: 'inv-fan' });
    const star = await creator('inv-star');
    const listed = async () =>
      (await fan.api.get('/v1/users/discover?featured=false&q=inv-star')).json().data.length;
    expect(await listed()).toBe(1);
    expect((await star.api.patch(`/v1/users/${star.user.id}`, { invisible: true })).json()).toMatchObject({
      invisible: true,
    });
    expect((await star.api.get('/v1/users/me')).json()).toMatchObject({ invisible: true });
    expect(await listed()).toBe(0);
    expect((await signals(star)).rank).toBeNull();
    await star.api.patch(`/v1/users/${star.user.id}`, { invisible: false });
    expect(await listed()).toBe(1);
    expect((await signals(star)).rank).toBeGreaterThanOrEqual(1);
  });
});
