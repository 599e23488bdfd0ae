import { eq, sql } from 'drizzle-orm';
import { feedPosts, users } from '../../src/db/schema';
import { refreshDiscoverActivity } from '../../src/discover/activity';
import { fanAndCreator, person, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const names = (res: { json(): { data: { username: string }[] } }) => res.json().data.map((p) => p.username);
const creator = (username: string, values: Parameters<typeof person>[1] = {}) =>
  person(t, { type: 'featured', username, discoverStatus: 'featured', ...values });

describe('the discover order', () => {
  it('puts online first, then seen within 72 hours, then the most active of the last 7 days', async () => {
    const fan = await person(t, { username: 'order-fan' });
    await creator('o-quiet', { lastOnline: hoursAgo(1) });
    const poster = await creator('o-poster', { lastOnline: hoursAgo(2) });
    await creator('o-online', { isOnline: true, lastOnline: hoursAgo(5) });
    await creator('o-gone', { lastOnline: hoursAgo(100) });
    await t.db.insert(feedPosts).values([
      { creatorId: poster.user.id, type: 'text', text: 'new' },
      { creatorId: poster.user.id, type: 'text', text: 'old', createdAt: hoursAgo(24 * 8) },
    ]);
    const list = async () => names(await fan.api.get('/v1/users/discover?featured=true&q=o-'));

    // Until the job has counted, activity is what it was: none.
    expect(await list()).toEqual(['o-online', 'o-quiet', 'o-poster', 'o-gone']);
    await refreshDiscoverActivity(t.db);
    expect(await list()).toEqual(['o-online', 'o-poster', 'o-quiet', 'o-gone']);
    const [row] = await t.db.select().from(users).where(eq(users.id, poster.user.id));
    expect(row?.recentActivity).toBe(1);
  });

  it('counts the messages a creator sent, each once, whatever the job runs', async () => {
    const { fan, creator: writer } = await fanAndCreator(t, {
      credits: 100,
      rate: 0,
      creator: { username: 'm-writer', discoverStatus: 'featured', lastOnline: hoursAgo(3) },
    });
    await creator('m-silent', { lastOnline: hoursAgo(1) });
    const list = async () => names(await fan.api.get('/v1/users/discover?featured=true&q=m-'));
    await refreshDiscoverActivity(t.db);
    expect(await list()).toEqual(['m-silent', 'm-writer']);

    await fan.api.post('/v1/messages', text(writer.user.id, 'hi'));
    for (const n of [1, 2]) await writer.api.post('/v1/messages', text(fan.user.id, `reply ${n}`));
    await refreshDiscoverActivity(t.db);
    await refreshDiscoverActivity(t.db);
    expect(await list()).toEqual(['m-writer', 'm-silent']);
    const [row] = await t.db.select().from(users).where(eq(users.id, writer.user.id));
    expect(row?.recentActivity).toBe(2);
  });

  it('moves a creator who crossed the 72-hour line at the next run', async () => {
    const fan = await person(t, { username: 'line-fan' });
    const older = await creator('l-older', { lastOnline: hoursAgo(10) });
    await creator('l-newer', { lastOnline: hoursAgo(50) });
    const list = async () => names(await fan.api.get('/v1/users/discover?featured=true&q=l-'));
    expect(await list()).toEqual(['l-older', 'l-newer']);
    // Time passing changes no row: the rank keeps what it was worked out with until the job runs.
    await t.db.execute(sql`alter table users disable trigger users_discover_rank`);
    await t.db.execute(
      sql`update users set last_online = now() - interval '73 hours' where id = ${older.user.id}`,
    );
    await t.db.execute(sql`alter table users enable trigger users_discover_rank`);
    expect(await list()).toEqual(['l-older', 'l-newer']);
    await refreshDiscoverActivity(t.db);
    expect(await list()).toEqual(['l-newer', 'l-older']);
  });
});

describe('a referral code', () => {
  it('puts the referring creator first, and the pages after still list everyone once', async () => {
    const fan = await person(t, { username: 'ref-fan' });
    for (const [i, name] of ['r-a', 'r-b', 'r-c', 'r-d', 'r-e'].entries()) {
      await creator(name, { lastOnline: hoursAgo(i + 1) });
    }
    const pages: string[][] = [];
    let url: string | null = '/v1/users/discover?featured=true&q=r-&limit=2&code_used=R-D';
    while (url) {
      const res = await fan.api.get(url);
      pages.push(names(res));
      url = res.json().next;
    }
    expect(pages).toEqual([['r-d', 'r-a'], ['r-b', 'r-c'], ['r-e']]);
  });

  it('changes nothing when the code names nobody the list holds', async () => {
    const fan = await person(t, { username: 'ref-fan-2' });
    await creator('n-a', { lastOnline: hoursAgo(1) });
    await creator('n-b', { lastOnline: hoursAgo(2), invisible: true });
    expect(names(await fan.api.get('/v1/users/discover?q=n-&code_used=n-b'))).toEqual(['n-a']);
  });
});

describe('the Nearby tab', () => {
  it('lists creators within two hours of the viewer\u2019s UTC offset, in the discover order', async () => {
    await creator('z-paris', { utcOffset: 60, lastOnline: hoursAgo(5) });
    await creator('z-london', { utcOffset: 0, lastOnline: hoursAgo(1) });
    await creator('z-athens', { utcOffset: 120, lastOnline: hoursAgo(2) });
    await creator('z-newyork', { utcOffset: -300, lastOnline: hoursAgo(3) });
    await creator('z-unknown', { lastOnline: hoursAgo(4) });
    const near = '/v1/users/discover?featured=false&type=near&q=z-';

    const berlin = await person(t, { username: 'near-fan', utcOffset: 60 });
    expect(names(await berlin.api.get(near))).toEqual(['z-london', 'z-athens', 'z-paris']);

    // Not known yet: everyone, in the discover order.
    const somewhere = await person(t, { username: 'far-fan' });
    expect(names(await somewhere.api.get(near))).toEqual([
      'z-london',
      'z-athens',
      'z-newyork',
      'z-unknown',
      'z-paris',
    ]);
  });

  it('follows the offset the person saves, refusing one no place has', async () => {
    const fan = await person(t, { username: 'moving-fan' });
    const ok = await fan.api.patch(`/v1/users/${fan.user.id}`, { utc_offset: -300 });
    expect(ok.json()).toMatchObject({ utc_offset: -300 });
    expect(names(await fan.api.get('/v1/users/discover?featured=false&type=near&q=z-'))).toEqual([
      'z-newyork',
    ]);
    const bad = await fan.api.patch(`/v1/users/${fan.user.id}`, { utc_offset: 900 });
    expect(bad.statusCode).toBe(400);
    expect((await fan.api.get('/v1/users/me')).json().utc_offset).toBe(-300);
  });
});
