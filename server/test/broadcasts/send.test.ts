import { sql } from 'drizzle-orm';
import { broadcasts, users, blocks, chatMembers } from '../../src/db/schema';
import { writeBroadcast } from '../../src/broadcasts/write-broadcast';
import { and, eq } from 'drizzle-orm';
import { grantCredits, person } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  broadcastBody,
  broadcaster,
  broadcastNow,
  brokenEventLogs,
  fanOf,
  readyMedia,
  rows,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('who may broadcast', () => {
  it('takes creators with the broadcast feature only', async () => {
    const fan = await person(t, { type: 'user', features: { broadcast: true } });
    const plain = await person(t, { type: 'featured', features: { broadcast: false } });
    const creator = await broadcaster(t);
    expect((await fan.api.post('/v1/broadcast/send', broadcastBody())).statusCode).toBe(403);
    const refused = await plain.api.post('/v1/broadcast/send', broadcastBody());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    expect((await plain.api.get('/v1/broadcast')).statusCode).toBe(403);
    expect((await plain.api.get('/v1/broadcast/recipients')).statusCode).toBe(403);
    const res = await creator.api.post('/v1/broadcast/send', broadcastBody());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'scheduled', sent: 0, category: 'all' });
  });

  it('takes nothing new from a creator restricted since, but answers a retry and cancels what was scheduled', async () => {
    const creator = await broadcaster(t);
    const fan = await fanOf(t, creator);
    const body = broadcastBody({ send_at: new Date(Date.now() + 3_600_000).toISOString() });
    const scheduled = await creator.api.post('/v1/broadcast/send', body);
    expect(scheduled.statusCode).toBe(200);
    const id = scheduled.json().data._id as string;
    await t.db.update(users).set({ discoverStatus: 'denied' }).where(eq(users.id, creator.user.id));

    const retry = await creator.api.post('/v1/broadcast/send', body);
    expect([retry.statusCode, retry.json().data?._id]).toEqual([200, id]);
    const fresh = await creator.api.post('/v1/broadcast/send', broadcastBody());
    expect([fresh.statusCode, fresh.json().code]).toEqual([403, 'creator_under_review']);

    // Its time comes: it ends canceled, and the fan gets nothing.
    await writeBroadcast({ db: t.db, realtime: t.app.realtime }, id);
    const [row] = await t.db.select().from(broadcasts).where(eq(broadcasts.id, id));
    expect(row?.status).toBe('canceled');
    const got = await rows(
      t,
      sql`select 1 from messages where recipient_id = ${fan.user.id} and sender_id = ${creator.user.id}`,
    );
    expect(got).toHaveLength(0);
  });

  it('checks the message as a send does', async () => {
    const creator = await broadcaster(t);
    const other = await broadcaster(t);
    const theirs = await readyMedia(t, other.user.id);
    const send = (extra: object) => creator.api.post('/v1/broadcast/send', broadcastBody(extra));
    expect((await send({ text: ' ' })).json().code).toBe('empty_text');
    expect((await send({ type: 'image' })).json().code).toBe('media_required');
    expect((await send({ type: 'image', media_id: theirs })).json().code).toBe('media_not_usable');
    const mine = await readyMedia(t, creator.user.id, 'video');
    expect((await send({ type: 'image', media_id: mine })).json().code).toBe('media_kind');
    const later = new Date(Date.now() + 31 * 24 * 3600 * 1000).toISOString();
    expect((await send({ send_at: later })).statusCode).toBe(400);
  });
});

describe('recipients', () => {
  it('follows the category, ids and except_ids, and skips whom a send could not reach', async () => {
    const creator = await broadcaster(t);
    const favorite = await fanOf(t, creator);
    const plain = await fanOf(t, creator);
    const blocked = await fanOf(t, creator);
    const blocker = await fanOf(t, creator);
    const banned = await fanOf(t, creator);
    const deleted = await fanOf(t, creator);
    await t.db
      .update(chatMembers)
      .set({ favorite: true })
      .where(and(eq(chatMembers.userId, creator.user.id), eq(chatMembers.chatId, favorite.chatId)));
    await t.db.insert(blocks).values([
      { blockerId: creator.user.id, blockedId: blocked.user.id },
      { blockerId: blocker.user.id, blockedId: creator.user.id },
    ]);
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned.user.id));
    await t.db
      .update(chatMembers)
      .set({ listed: false })
      .where(and(eq(chatMembers.userId, creator.user.id), eq(chatMembers.chatId, deleted.chatId)));

    const count = async (q: string) => (await creator.api.get(`/v1/broadcast/recipients?${q}`)).json().count;
    expect(await count('category=all')).toBe(2);
    expect(await count('category=favorites')).toBe(1);
    expect(await count(`ids=${favorite.chatId},${blocked.chatId},nonsense`)).toBe(1);
    expect(await count(`except_ids=${favorite.chatId}`)).toBe(1);

    const reached = async (extra: object) => {
      const id = await broadcastNow(t, creator, extra);
      return (
        await rows<{ fan_id: string }>(
          t,
          sql`select fan_id from broadcast_recipients where broadcast_id = ${id} and message_id is not null`,
        )
      ).map((r) => r.fan_id);
    };
    expect((await reached({})).sort()).toEqual([favorite.user.id, plain.user.id].sort());
    expect(await reached({ category: 'favorites' })).toEqual([favorite.user.id]);
    expect(await reached({ ids: `${plain.chatId},${banned.chatId}` })).toEqual([plain.user.id]);
    expect(await reached({ except_ids: plain.chatId })).toEqual([favorite.user.id]);
    // Someone else's chats are never reached through ids.
    const stranger = await broadcaster(t);
    const id = await broadcastNow(t, stranger, { ids: plain.chatId });
    const got = await rows(t, sql`select 1 from broadcast_recipients where broadcast_id = ${id}`);
    expect(got).toHaveLength(0);
  });
});

describe('writing', () => {
  it('gives each recipient one message, an unread count and its events, and the creator only broadcast_done', async () => {
    const creator = await broadcaster(t);
    const fans = [await fanOf(t, creator), await fanOf(t, creator), await fanOf(t, creator)];
    const id = await broadcastNow(t, creator, { text: 'New set tonight' });

    for (const fan of fans) {
      const page = (await fan.api.get(`/v1/chats/${fan.chatId}/messages`)).json();
      const mine = page.data.filter((m: { sender_id: string }) => m.sender_id === creator.user.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ text: 'New set tonight', recipient_id: fan.user.id, is_read: false });
      const [member] = await t.db
        .select()
        .from(chatMembers)
        .where(and(eq(chatMembers.userId, fan.user.id), eq(chatMembers.chatId, fan.chatId)));
      expect(member).toMatchObject({ unread: 1, lastFromOther: true });
      const events = await rows<{
        type: string;
        payload: { message?: { _id: string; text: string; sender_id: string } };
      }>(t, sql`select type, payload from user_events where user_id = ${fan.user.id} order by seq`);
      const news = events.filter(
        (e) => e.type === 'new_message' && e.payload.message?.sender_id === creator.user.id,
      );
      expect(news).toHaveLength(1);
      expect(news[0]?.payload.message).toMatchObject({ _id: mine[0]._id, text: 'New set tonight' });
      expect(events.at(-1)).toMatchObject({ type: 'unread_messages', payload: { unread_messages: 1 } });
    }
    const creatorEvents = await rows<{ type: string; payload: { message?: { sender_id: string } } }>(
      t,
      sql`select type, payload from user_events where user_id = ${creator.user.id} order by seq`,
    );
    // The creator hears of the broadcast once it is done, not once per recipient.
    const copies = creatorEvents.filter((e) => e.payload.message?.sender_id === creator.user.id);
    expect(copies).toHaveLength(0);
    expect(creatorEvents.at(-1)).toEqual({ type: 'broadcast_done', payload: { broadcast_id: id, sent: 3 } });
    const [me] = await t.db.select().from(users).where(eq(users.id, creator.user.id));
    expect(me?.isBroadcasting).toBe(false);
    expect(await brokenEventLogs(t)).toEqual([]);
    const list = (await creator.api.get('/v1/broadcast')).json();
    expect(list.data[0]).toMatchObject({ _id: id, status: 'sent', sent: 3, viewed: 0, bought: 0 });
  });

  it('answers a retry of a send id with the first broadcast', async () => {
    const creator = await broadcaster(t);
    await fanOf(t, creator);
    const body = broadcastBody();
    const [a, b] = await Promise.all([
      creator.api.post('/v1/broadcast/send', body),
      creator.api.post('/v1/broadcast/send', body),
    ]);
    expect(a.json().data._id).toBe(b.json().data._id);
    const again = await creator.api.post('/v1/broadcast/send', body);
    expect(again.json().data._id).toBe(a.json().data._id);
    const stored = await rows(t, sql`select 1 from broadcasts where creator_id = ${creator.user.id}`);
    expect(stored).toHaveLength(1);
  });
});

describe('paid broadcasts', () => {
  it('locks the media until bought, sells it as any paid message, and never sells owned media again', async () => {
    const creator = await broadcaster(t);
    const owner = await fanOf(t, creator);
    const buyer = await fanOf(t, creator);
    const photo = await readyMedia(t, creator.user.id);
    await grantCredits(t.db, owner.user.id, 500);
    await grantCredits(t.db, buyer.user.id, 500);
    // The owner bought this photo before, in an ordinary paid message.
    const earlier = await creator.api.post('/v1/messages', {
      type: 'image',
      recipient_id: owner.user.id,
      media_id: photo,
      price: 50,
      send_id: 'earlier',
    });
    expect(earlier.statusCode).toBe(200);
    expect((await owner.api.patch(`/v1/messages/${earlier.json().data._id}/buy`)).statusCode).toBe(200);

    const id = await broadcastNow(t, creator, { type: 'image', media_id: photo, price: 50, text: 'new' });
    const latest = async (fan: typeof owner) =>
      (await fan.api.get(`/v1/chats/${fan.chatId}/messages`))
        .json()
        .data.find((m: { text: string; price: number; _id: string }) => m._id !== earlier.json().data._id);
    const locked = await latest(buyer);
    // Locked, the caption shows (docs/rules.md, Paid messages), the photo does not.
    expect(locked).toMatchObject({ price: 50, paid: false, media_id: null, text: 'new' });
    const owned = await latest(owner);
    expect(owned).toMatchObject({ price: 0, media_id: photo, text: 'new' });

    const bought = await buyer.api.patch(`/v1/messages/${locked._id}/buy`);
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({ data: { paid: true, media_id: photo }, credits: 450 });
    // The owner is never charged for it again.
    expect((await owner.api.patch(`/v1/messages/${owned._id}/buy`)).statusCode).not.toBe(200);

    await buyer.api.patch(`/v1/chats/${buyer.chatId}/read`);
    const [stats] = (await creator.api.get('/v1/broadcast')).json().data;
    expect(stats).toMatchObject({ _id: id, sent: 2, bought: 1, revenue: 40 });

    // Unsend: the buyer keeps theirs, the owner's copy goes.
    const unsent = await creator.api.post(`/v1/broadcast/${id}/unsend`);
    expect(unsent.statusCode).toBe(200);
    expect(unsent.json().data).toMatchObject({ status: 'unsent' });
    const after = await rows<{ recipient_id: string; deleted: boolean }>(
      t,
      sql`select m.recipient_id, m.deleted_at is not null as deleted from broadcast_recipients r
        join messages m on m.id = r.message_id where r.broadcast_id = ${id}`,
    );
    expect(after).toEqual(
      expect.arrayContaining([
        { recipient_id: buyer.user.id, deleted: false },
        { recipient_id: owner.user.id, deleted: true },
      ]),
    );
    const gone = await rows(
      t,
      sql`select 1 from user_events where user_id = ${owner.user.id} and type = 'message_deleted'
        and payload->>'message_id' = ${owned._id}`,
    );
    expect(gone).toHaveLength(1);
    expect(await brokenEventLogs(t)).toEqual([]);
  });
});

describe('scheduling and ownership', () => {
  it('keeps a broadcast scheduled on pg-boss until its time, and cancels it before', async () => {
    const creator = await broadcaster(t);
    const fan = await fanOf(t, creator);
    const at = new Date(Date.now() + 3600_000);
    const res = await creator.api.post('/v1/broadcast/send', broadcastBody({ send_at: at.toISOString() }));
    const id = res.json().data._id as string;
    expect(res.json().data).toMatchObject({ status: 'scheduled', send_at: at.toISOString() });
    const [job] = await rows<{ start_after: Date }>(
      t,
      sql`select start_after from pgboss.job where name = 'broadcasts' and data->>'broadcastId' = ${id}`,
    );
    expect(new Date(job?.start_after ?? 0).getTime()).toBe(at.getTime());

    const stranger = await broadcaster(t);
    expect((await stranger.api.delete(`/v1/broadcast/${id}`)).statusCode).toBe(404);
    expect((await stranger.api.post(`/v1/broadcast/${id}/unsend`)).statusCode).toBe(404);
    expect((await fan.api.delete(`/v1/broadcast/${id}`)).statusCode).toBe(404);
    expect((await stranger.api.get('/v1/broadcast')).json()).toEqual({ data: [], next: null });
    const canceled = await creator.api.delete(`/v1/broadcast/${id}`);
    expect(canceled.json().data).toMatchObject({ status: 'canceled' });
    // Its job comes due and finds nothing to do.
    const { writeBroadcast } = await import('../../src/broadcasts/write-broadcast');
    await writeBroadcast({ db: t.db, realtime: t.app.realtime }, id);
    expect(
      await rows(
        t,
        sql`select 1 from messages where chat_id = ${fan.chatId} and sender_id = ${creator.user.id}`,
      ),
    ).toHaveLength(0);

    const sent = await broadcastNow(t, creator);
    const late = await creator.api.delete(`/v1/broadcast/${sent}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('broadcast_started');
  });
});
