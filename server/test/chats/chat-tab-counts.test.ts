import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import type { Db } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { grantCredits, type Party, person, text } from '../helpers/chats';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Counts = Record<string, number[]>;

/**
 * Every person's tab counts the slow way: one aggregate over all member rows (the old totals query),
 * the last being partners online who are not creators.
 */
async function aggregated(db: Db): Promise<Counts> {
  const rows = rowsOf<{ user_id: string; c: number[] }>(
    await db.execute(sql`
      select user_id, array[count(*), count(*) filter (where spent_by_other > 0),
        count(*) filter (where favorite), count(*) filter (where last_from_other),
        count(*) filter (where spent_by_other >= 1000),
        count(*) filter (where last_message_at is not null and not last_from_other),
        count(*) filter (where p.is_online and p.type <> 'featured')]::int[] as c
      from chat_members join users p on p.id = other_id where listed and not hidden group by user_id`),
  );
  return Object.fromEntries(rows.map((r) => [r.user_id, r.c]));
}

/** Every person's maintained counts, people whose counts are all zero left out like above. */
async function maintained(db: Db): Promise<Counts> {
  const rows = rowsOf<{ user_id: string; c: number[] }>(
    await db.execute(sql`
      select user_id, array[all_chats, fans, favorites, unreplied, vip, sent, online_fans] as c
      from chat_tab_counts where all_chats <> 0 or fans <> 0 or favorites <> 0 or unreplied <> 0
        or vip <> 0 or sent <> 0 or online_fans <> 0`),
  );
  return Object.fromEntries(rows.map((r) => [r.user_id, r.c]));
}

/** What the realtime hub writes when someone comes online or leaves, answered like a request. */
async function flipPresence(userId: string) {
  await t.db
    .update(users)
    .set({ isOnline: sql`not ${users.isOnline}` })
    .where(eq(users.id, userId));
  return { statusCode: 200, body: '' };
}

/** A creator and fans with credits who each opened a chat with them. */
async function inbox(fans: number) {
  const creator = await person(t, { type: 'featured', creditRate: 10 });
  const people: Party[] = [];
  for (let i = 0; i < fans; i++) {
    const fan = await person(t);
    await grantCredits(t.db, fan.user.id, 50_000);
    await fan.api.post('/v1/chat', { recipient_id: creator.user.id });
    people.push(fan);
  }
  const chatIds = new Map<string, string>();
  for (const fan of people) {
    chatIds.set(fan.user.id, (await fan.api.get(`/v1/chat?recipient_id=${creator.user.id}`)).json().data._id);
  }
  return { creator, fans: people, chatIds };
}

describe('chat tab totals', () => {
  it('stay equal to the aggregate through concurrent sends, tips, favourites, reads, hides, reopens and presence', async () => {
    const { creator, fans, chatIds } = await inbox(12);
    // Every chat is on the creator's list before presence starts moving.
    for (const fan of fans) await fan.api.post('/v1/messages', text(creator.user.id, 'first'));
    const ops: Promise<{ statusCode: number; body: string }>[] = [];
    fans.forEach((fan, i) => {
      const chatId = chatIds.get(fan.user.id) ?? '';
      // Every fourth fan stays quiet, so the creator's reply is his chat's last word whatever the
      // timing, and the Sent tab is counted with the rest.
      if (i % 4 !== 0)
        for (let k = 0; k < 4; k++) ops.push(fan.api.post('/v1/messages', text(creator.user.id, `hi ${k}`)));
      if (i % 3 === 0)
        ops.push(fan.api.post('/v1/messages/tip', { chat_id: chatId, amount: 1000, send_id: `tip-${i}` }));
      if (i % 2 === 0) ops.push(creator.api.post('/v1/messages', text(fan.user.id, 'thanks!')));
      if (i % 4 === 1) ops.push(creator.api.patch('/v1/chats', { action: 'hide', ids: [chatId] }));
      if (i % 4 === 2) ops.push(creator.api.get(`/v1/chat?recipient_id=${fan.user.id}`));
      for (let k = 0; k < 3; k++) ops.push(flipPresence(fan.user.id));
    });
    // Chats the creator opens while the other person's presence moves.
    for (let i = 0; i < 4; i++) {
      const stranger = await person(t);
      ops.push(creator.api.post('/v1/chat', { recipient_id: stranger.user.id }));
      for (let k = 0; k < 3; k++) ops.push(flipPresence(stranger.user.id));
    }
    const favourites = [...chatIds.values()];
    for (let k = 0; k < 6; k++) {
      const some = favourites.filter((_, j) => (j + k) % 3 === 0);
      ops.push(creator.api.patch('/v1/chats', { action: 'favorite', ids: some.join(',') }));
      ops.push(creator.api.patch('/v1/chats', { action: 'remove_favorite', ids: some.slice(1).join(',') }));
      ops.push(creator.api.patch('/v1/chats', { action: 'read', except_ids: [favourites[k]], type: 'all' }));
    }
    const answers = await Promise.all(ops);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);

    const expected = await aggregated(t.db);
    expect(await maintained(t.db)).toEqual(expected);
    // Every tab of the creator's inbox holds chats, so the comparison above is not of empty counts.
    expect(expected[creator.user.id]?.every((n) => n > 0)).toBe(true);
  });

  it('answer the endpoint from the counts, with online and recent counted now', async () => {
    const { creator, fans } = await inbox(4);
    const [a, b, c] = fans;
    if (!a || !b || !c) throw new Error('fans missing');
    for (const fan of [a, b, c]) await fan.api.post('/v1/messages', text(creator.user.id, 'hello'));
    await creator.api.post('/v1/messages', text(a.user.id, 'hi back'));
    await t.db.update(users).set({ isOnline: true }).where(eq(users.id, b.user.id));
    // A chat whose last message is older than 72 hours is no longer recent.
    await t.db.execute(sql`update chat_members set last_message_at = now() - interval '73 hours'
      where user_id = ${creator.user.id} and other_id = ${c.user.id}`);

    expect((await creator.api.get('/v1/chats/total')).json()).toEqual({
      // The fourth fan opened a chat but never wrote: it is not on the creator's list yet.
      all: 3,
      online: 1,
      fans: 3,
      subscribers: 0,
      favorites: 0,
      unreplied: 2,
      vip: 0,
      recent: 2,
      sent: 1,
      top: 3,
      hidden: 0,
    });
    const onlineTab = (await creator.api.get('/v1/chats?type=online')).json().data;
    expect(onlineTab.map((chat: { recipient_id: string }) => chat.recipient_id)).toEqual([b.user.id]);
  });

  it('count partners online, fans and those made creators alike, hidden chats never', async () => {
    const { creator, fans } = await inbox(3);
    const [a, b, c] = fans;
    if (!a || !b || !c) throw new Error('fans missing');
    for (const fan of fans) await fan.api.post('/v1/messages', text(creator.user.id, 'hello'));
    const hidden = (await c.api.get(`/v1/chat?recipient_id=${creator.user.id}`)).json().data._id;
    await creator.api.patch('/v1/chats', { action: 'hide', ids: [hidden] });
    const online = async () => (await creator.api.get('/v1/chats/total')).json().online;

    for (const fan of fans) await flipPresence(fan.user.id);
    expect(await online()).toBe(2);
    // A fan made a creator while online is counted once, now among the creators online.
    await t.db.update(users).set({ type: 'featured' }).where(eq(users.id, a.user.id));
    expect(await online()).toBe(2);
    await flipPresence(a.user.id);
    await flipPresence(b.user.id);
    expect(await online()).toBe(0);
    await flipPresence(a.user.id);
    // The hidden chat comes back on the list when c writes again, online.
    await c.api.post('/v1/messages', text(creator.user.id, 'back'));
    expect(await online()).toBe(2);
    expect(await maintained(t.db)).toEqual(await aggregated(t.db));
  });

  it('drop a deleted person, online or not, from their partners\u2019 totals', async () => {
    const creator = await person(t, { type: 'featured', creditRate: 0 });
    const [gone, stays] = [await person(t), await person(t)];
    for (const fan of [gone, stays]) {
      await fan.api.post('/v1/chat', { recipient_id: creator.user.id });
      await fan.api.post('/v1/messages', text(creator.user.id, 'free hello'));
    }
    await flipPresence(gone.user.id);
    expect((await creator.api.get('/v1/chats/total')).json()).toMatchObject({ all: 2, online: 1 });
    await t.db.delete(users).where(eq(users.id, gone.user.id));
    expect((await creator.api.get('/v1/chats/total')).json()).toMatchObject({ all: 1, online: 0 });
    expect(await maintained(t.db)).toEqual(await aggregated(t.db));
  });
});
