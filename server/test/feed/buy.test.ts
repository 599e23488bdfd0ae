import { and, eq, sql } from 'drizzle-orm';
import { feedPurchases, ledgerEntries, ledgerTransactions, userEvents } from '../../src/db/schema';
import { balanceMismatches, balanceOf, creditsOf } from '../../src/ledger/ledger';
import { appForFile } from '../helpers/file-app';
import { person } from '../helpers/chats';
import { follow, post, richFan, subscribe } from './world';

const t = appForFile({}, { startTimeout: 60_000, closeTimeout: 30_000 });

const creator = () => person(t, { type: 'featured' });

describe('PATCH /v1/feed/:id/buy', () => {
  it('keeps a bought post open to its buyer after they leave its audience', async () => {
    const maker = await creator();
    const fan = await richFan(t, 500);
    await follow(t, fan, maker);
    const item = await post(maker, { type: 'text', text: 'for followers', audience: 'follower', price: 20 });
    expect((await fan.api.patch(`/v1/feed/${item._id}/buy`)).statusCode).toBe(200);
    await fan.api.delete(`/v1/users/${maker.user.id}/follow`);
    const page = (await fan.api.get(`/v1/feed?model_id=${maker.user.id}`)).json();
    expect(page.data[0]).toMatchObject({ _id: item._id, unlocked: true, text: 'for followers' });
  });

  it('makes one charge out of 200 concurrent buys: 80% (floored) to the creator, the rest to the platform', async () => {
    const maker = await creator();
    const fan = await richFan(t, 1000);
    const item = await post(maker, { type: 'text', text: 'secret', price: 33 });
    const platformBefore = await balanceOf(t.db, { owner: null, kind: 'platform_revenue' });

    const answers = await Promise.all(
      Array.from({ length: 200 }, () => fan.api.patch(`/v1/feed/${item._id}/buy`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(199);
    expect(answers.find((a) => a.statusCode === 409)?.json()).toEqual({
      code: 'already_unlocked',
      message: 'You already unlocked this post.',
    });
    expect(answers.find((a) => a.statusCode === 200)?.json()).toMatchObject({
      data: { _id: item._id, unlocked: true, unlock_by: null, text: 'secret' },
      credits: 967,
    });

    expect(await creditsOf(t.db, fan.user.id)).toBe(967);
    expect(await balanceOf(t.db, { owner: maker.user.id, kind: 'earnings' })).toBe(26);
    expect(await balanceOf(t.db, { owner: null, kind: 'platform_revenue' })).toBe(platformBefore + 7);
    const rows = await t.db.select().from(feedPurchases).where(eq(feedPurchases.postId, item._id));
    expect(rows).toMatchObject([{ buyerId: fan.user.id, price: 33 }]);
    const [tx] = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, rows[0]?.transactionId ?? ''));
    expect(tx).toMatchObject({ kind: 'feed_purchase', reference: { post_id: item._id } });
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, tx?.id ?? ''));
    expect(entries.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-33, 7, 26]);
    expect(await balanceMismatches(t.db)).toEqual([]);

    // The buyer's other tabs hear of the new balance.
    const events = await t.db
      .select()
      .from(userEvents)
      .where(and(eq(userEvents.userId, fan.user.id), eq(userEvents.type, 'credits_update')));
    expect(events.map((e) => e.payload)).toEqual([{ credits: 967, amount: -33 }]);
    // And the post stays unlocked for them.
    const feed = await fan.api.get(`/v1/feed?model_id=${maker.user.id}`);
    expect(feed.json().data[0]).toMatchObject({ unlocked: true, text: 'secret' });
  }, 60_000);

  it('refuses a buyer without enough credits with 402 and charges nothing', async () => {
    const maker = await creator();
    const broke = await person(t, { type: 'user' });
    const short = await richFan(t, 10);
    const item = await post(maker, { type: 'text', text: 'x', price: 20 });
    const none = await broke.api.patch(`/v1/feed/${item._id}/buy`);
    expect(none.statusCode).toBe(402);
    expect(none.json()).toEqual({ code: 'not_enough_credits', message: 'You have no credits.' });
    const low = await short.api.patch(`/v1/feed/${item._id}/buy`);
    expect(low.statusCode).toBe(402);
    expect(low.json()).toEqual({ code: 'not_enough_credits', message: 'Balance too low.' });
    expect(await creditsOf(t.db, short.user.id)).toBe(10);
    expect(await t.db.select().from(feedPurchases).where(eq(feedPurchases.postId, item._id))).toEqual([]);
  });

  it('asks for the audience first, saying what is missing, and then sells', async () => {
    const maker = await creator();
    const fan = await richFan(t, 100);
    const forSubscribers = await post(maker, { type: 'text', text: 's', price: 10, audience: 'subscriber' });
    const forFollowers = await post(maker, { type: 'text', text: 'f', price: 10, audience: 'follower' });
    const forFans = await post(maker, { type: 'text', text: 'p', price: 10, audience: 'fan' });
    const texts = {
      [forSubscribers._id]: 'Subscribe to this creator to unlock this post.',
      [forFollowers._id]: 'Follow this creator to unlock this post.',
      [forFans._id]: 'This post is for fans who have paid this creator.',
    };
    for (const [id, message] of Object.entries(texts)) {
      const res = await fan.api.patch(`/v1/feed/${id}/buy`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'audience_required', message });
    }
    expect(await creditsOf(t.db, fan.user.id)).toBe(100);

    await follow(t, fan, maker);
    expect((await fan.api.patch(`/v1/feed/${forFollowers._id}/buy`)).statusCode).toBe(200);
    expect((await fan.api.patch(`/v1/feed/${forFans._id}/buy`)).statusCode).toBe(200);
    await subscribe(t, fan, maker, 'canceled', 3);
    const res = await fan.api.patch(`/v1/feed/${forSubscribers._id}/buy`);
    expect(res.statusCode).toBe(200);
    expect(res.json().credits).toBe(70);
  });

  it('answers 404 for a deleted or unknown post and 400 for a free one or the own', async () => {
    const maker = await creator();
    const fan = await richFan(t, 100);
    const gone = await post(maker, { type: 'text', text: 'g', price: 10 });
    expect((await maker.api.delete(`/v1/feed/${gone._id}`)).statusCode).toBe(204);
    for (const id of [gone._id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await fan.api.patch(`/v1/feed/${id}/buy`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Post not found' });
    }
    const free = await post(maker, { type: 'text', text: 'free' });
    expect((await fan.api.patch(`/v1/feed/${free._id}/buy`)).json()).toMatchObject({
      code: 'post_not_for_sale',
    });
    const paid = await post(maker, { type: 'text', text: 'paid', price: 5 });
    expect((await maker.api.patch(`/v1/feed/${paid._id}/buy`)).statusCode).toBe(400);
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(feedPurchases)
      .where(eq(feedPurchases.buyerId, fan.user.id));
    expect(count?.n).toBe(0);
  });
});
