import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { userEvents } from '../../src/db/schema';
import { addNotification } from '../../src/notifications/add';
import { withEvents } from '../../src/realtime/with-events';
import { appForFile } from '../helpers/file-app';
import { fanAndCreator, type Party, person } from '../helpers/chats';
import { pageOf } from './helpers';

const t = appForFile();

/** Gives the person `n` follower records, the oldest first. */
async function followers(who: Party, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await withEvents(t.app, (tx, emit) =>
      addNotification(tx, emit, [who.user.id], { kind: 'new_follower', url: `/chats/${i}` }),
    );
  }
}

const eventsOf = async (who: Party, type: string) =>
  (
    await t.db
      .select({ type: userEvents.type, payload: userEvents.payload })
      .from(userEvents)
      .where(eq(userEvents.userId, who.user.id))
      .orderBy(asc(userEvents.seq))
  ).filter((e) => e.type === type);

describe('GET /v1/notifications', () => {
  it('pages newest first by `before`, to the end, with the unread count', async () => {
    const me = await person(t);
    await followers(me, 5);
    const first = await pageOf(me, '?limit=2');
    expect(first.data.map((n) => n.url)).toEqual(['/chats/4', '/chats/3']);
    expect(first).toMatchObject({ next: first.data[1]?.id, unread: 5 });
    const second = await pageOf(me, `?limit=2&before=${first.next}`);
    expect(second.data.map((n) => n.url)).toEqual(['/chats/2', '/chats/1']);
    const last = await pageOf(me, `?limit=2&before=${second.next}`);
    expect(last.data.map((n) => n.url)).toEqual(['/chats/0']);
    expect(last.next).toBeNull();
  });

  it('is empty for someone told nothing yet', async () => {
    expect(await pageOf(await person(t))).toEqual({ data: [], next: null, unread: 0 });
  });

  it.each([
    ['a limit above 50', '?limit=51', 400, 'validation'],
    ['a limit of 0', '?limit=0', 400, 'validation'],
    ['a before that is no id', '?before=abc', 404, 'not_found'],
    ['a before that is no record', `?before=${randomUUID()}`, 404, 'not_found'],
  ])('refuses %s', async (_, query, status, code) => {
    const res = await (await person(t)).api.get(`/v1/notifications${query}`);
    expect([res.statusCode, res.json().code]).toEqual([status, code]);
  });

  it("refuses someone else's record as `before`", async () => {
    const [me, other] = [await person(t), await person(t)];
    await followers(other, 1);
    const theirs = (await pageOf(other)).data[0]?.id;
    const res = await me.api.get(`/v1/notifications?before=${theirs}`);
    expect([res.statusCode, res.json().message]).toEqual([404, 'Notification not found']);
  });

  it('needs a signed-in person', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/notifications' })).statusCode).toBe(401);
  });
});

describe('POST /v1/notifications/read', () => {
  it('reads some records, then all, and tells every device the count', async () => {
    const me = await person(t);
    await followers(me, 3);
    const [newest] = (await pageOf(me)).data;
    const some = await me.api.post('/v1/notifications/read', { ids: [newest?.id] });
    expect(some.json()).toEqual({ unread: 2 });
    expect((await pageOf(me)).data.map((n) => n.read)).toEqual([true, false, false]);
    expect((await me.api.post('/v1/notifications/read', { all: true })).json()).toEqual({ unread: 0 });
    expect((await pageOf(me)).unread).toBe(0);
    // Reading what is read already changes nothing and tells no one.
    expect((await me.api.post('/v1/notifications/read', { all: true })).json()).toEqual({ unread: 0 });
    expect((await eventsOf(me, 'notifications_read')).map((e) => e.payload)).toEqual([
      { unread: 2 },
      { unread: 0 },
    ]);
    expect(await eventsOf(me, 'notification')).toHaveLength(3);
  });

  it("refuses another person's record and changes nothing", async () => {
    const [me, other] = [await person(t), await person(t)];
    await followers(me, 1);
    await followers(other, 1);
    const mine = (await pageOf(me)).data[0]?.id;
    const theirs = (await pageOf(other)).data[0]?.id;
    const res = await me.api.post('/v1/notifications/read', { ids: [mine, theirs] });
    expect([res.statusCode, res.json().code]).toEqual([404, 'not_found']);
    expect((await pageOf(me)).unread).toBe(1);
    expect((await pageOf(other)).unread).toBe(1);
  });

  it.each([
    ['no ids', { ids: [] }],
    ['all but false', { all: false }],
    ['nothing', {}],
    ['over 100 ids', { ids: Array.from({ length: 101 }, () => randomUUID()) }],
  ])('refuses %s with 400', async (_, body) => {
    const res = await (await person(t)).api.post('/v1/notifications/read', body);
    expect([res.statusCode, res.json().code]).toEqual([400, 'validation']);
  });
});

describe('gathering under concurrency', () => {
  it('counts every one of many messages sent at once into one chat in one record', async () => {
    const { fan, creator } = await fanAndCreator(t, { rate: 0 });
    const sends = Array.from({ length: 40 }, (_, i) =>
      creator.api.post('/v1/messages', {
        type: 'text',
        recipient_id: fan.user.id,
        text: `message ${i}`,
        send_id: randomUUID(),
      }),
    );
    expect((await Promise.all(sends)).every((r) => r.statusCode === 200)).toBe(true);
    const page = await pageOf(fan);
    expect(page.data.map((n) => [n.kind, n.count])).toEqual([['message', 40]]);
    expect(page.unread).toBe(1);
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from notifications where user_id = ${fan.user.id}`),
    );
    expect(row?.n).toBe(1);
    // Each message told the fan's devices of the record as it grew.
    const counts = (await eventsOf(fan, 'notification')).map(
      (e) => (e.payload as { notification: { count: number } }).notification.count,
    );
    expect(counts).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
