import { type HistoryKind, historyKinds, type HistoryRow } from '@cove/contracts';
import { balanceOf, creditsOf, postMovement } from '../../src/ledger/ledger';
import { grantCredits, person } from '../helpers/chats';
import { balancedAppForFile } from '../helpers/file-app';
import { allRows, mixedHistory } from './world';

const t = balancedAppForFile();

let world: Awaited<ReturnType<typeof mixedHistory>>;
let rows: HistoryRow[];
beforeAll(async () => {
  world = await mixedHistory(t);
  rows = await allRows(world.fan);
}, 60_000);

const only = (kind: HistoryKind) => rows.filter((r) => r.kind === kind);
const one = (kind: HistoryKind) => {
  const found = only(kind);
  expect(found).toHaveLength(1);
  return found[0] as HistoryRow;
};
const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('GET /v1/history', () => {
  it('lists every kind of movement, newest first, adding up to the ledger', async () => {
    // Tips on posts come from their own path, shown below with a movement written as it writes them.
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(historyKinds.filter((k) => k !== 'post_tip')));
    const seqs = rows.map((r) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    const credits = await creditsOf(t.db, world.fan.user.id);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(credits);
    expect(rows[0]?.balance_after).toBe(credits);
    // Oldest first, each balance is the one before plus the row's amount.
    let balance = 0;
    for (const r of [...rows].reverse()) {
      balance += r.amount;
      expect(r.balance_after).toBe(balance);
      expect(r.balance_after).toBeGreaterThanOrEqual(0);
    }
    const debt = await balanceOf(t.db, { owner: world.fan.user.id, kind: 'debt' });
    expect(rows.reduce((sum, r) => sum + r.debt_change, 0)).toBe(debt);
  });

  it('says what each row was for', () => {
    const creator = { _id: world.creator.user.id, username: world.creator.user.username };
    const purchases = only('credit_purchase');
    expect(purchases).toHaveLength(3);
    expect(purchases.find((r) => r.payment?._id === world.boughtId)).toMatchObject({
      amount: 570,
      creator: null,
      payment: {
        method: 'card',
        card_brand: 'VISA',
        card_last4: '4242',
        price: 500,
        credits: 570,
        bonus: 70,
      },
    });
    expect(purchases.find((r) => r.payment?._id === world.refundedId)?.payment).toMatchObject({
      card_brand: 'MASTER',
      card_last4: '4444',
      status: 'refunded',
    });
    expect(one('paid_message')).toMatchObject({ creator, chat_id: world.chatId, amount: -10 });
    const unlocks = only('chat_unlock');
    expect(unlocks.map((r) => r.message_id).sort()).toEqual([world.lockedId, world.songId].sort());
    expect(unlocks.every((r) => r.amount === -60 && r.creator?._id === creator._id)).toBe(true);
    expect(one('tip')).toMatchObject({ creator, chat_id: world.chatId, amount: -25 });
    expect(one('post_unlock')).toMatchObject({ creator, post_id: world.postId, amount: -30 });
    expect(one('subscription')).toMatchObject({ creator, amount: -100 });
    expect(one('renewal')).toMatchObject({ creator, amount: -100 });
    // Blocked mid-period: the days left of the renewed month, never more than it cost.
    const back = one('subscription_refund');
    expect(back).toMatchObject({ creator });
    expect(back.amount).toBeGreaterThan(0);
    expect(back.amount).toBeLessThanOrEqual(100);
    expect(one('refund')).toMatchObject({ amount: -100, payment: { _id: world.refundedId } });
    // The chargeback first gives the unlock back, then takes the payment's credits.
    expect(one('unlock_reversed')).toMatchObject({ creator, message_id: world.songId, amount: 60 });
    expect(one('chargeback')).toMatchObject({ payment: { _id: world.disputedId, status: 'charged_back' } });
    expect(one('credit_grant')).toMatchObject({ amount: 40, creator: null, payment: null });
    expect(one('other')).toMatchObject({ amount: 15, reason: 'test_grant' });
  });

  it('pages by cursor without repeating or skipping a row', async () => {
    const first = (await world.fan.api.get('/v1/history?limit=4')).json();
    expect(first.data).toHaveLength(4);
    expect(first.next).toBe(`/v1/history?limit=4&before=${first.data[3].seq}`);
    const second = (await world.fan.api.get(first.next)).json();
    expect(second.data.map((r: HistoryRow) => r._id)).toEqual(rows.slice(4, 8).map((r) => r._id));
    expect(new Set(rows.map((r) => r._id)).size).toBe(rows.length);
  });

  it('filters by kind and by days, keeping the true balance after each row', async () => {
    const tips = await allRows(world.fan, '&kind=tip,post_unlock');
    expect(tips.map((r) => r.kind).sort()).toEqual(['post_unlock', 'tip']);
    expect(tips.map((r) => r.balance_after)).toEqual(
      rows.filter((r) => r.kind === 'tip' || r.kind === 'post_unlock').map((r) => r.balance_after),
    );
    expect(await allRows(world.fan, `&from=${today()}&to=${today()}`)).toHaveLength(rows.length);
    expect(await allRows(world.fan, `&from=${dayOffset(1)}`)).toEqual([]);
    expect(await allRows(world.fan, `&to=${dayOffset(-1)}`)).toEqual([]);
    // A paged filter's next link keeps the filter.
    const page = (await world.fan.api.get('/v1/history?limit=1&kind=credit_purchase')).json();
    expect(page.next).toContain('kind=credit_purchase');
  });

  it('refuses a range that ends before it starts, and kinds it does not know', async () => {
    const backwards = await world.fan.api.get(`/v1/history?from=${today()}&to=${dayOffset(-1)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      code: 'history_range',
      message: 'The start date must be on or before the end date.',
    });
    expect((await world.fan.api.get('/v1/history?kind=gift')).statusCode).toBe(400);
    expect((await world.fan.api.get('/v1/history?from=yesterday')).statusCode).toBe(400);
  });

  it('shows a movement of a reason it does not know as a balance change', async () => {
    const stranger = await person(t, { type: 'user' });
    await t.db.transaction((tx) =>
      postMovement(tx, {
        kind: 'a_future_charge',
        reference: { post_id: 'not-a-uuid', message_id: 'x' },
        entries: [
          { account: { owner: null, kind: 'promotions' }, amount: -7 },
          { account: { owner: stranger.user.id, kind: 'credits' }, amount: 7 },
        ],
      }),
    );
    const [row] = await allRows(stranger);
    expect(row).toMatchObject({ kind: 'other', reason: 'a_future_charge', amount: 7, balance_after: 7 });
  });

  it('shows a tip on a post as one, naming the post and its creator', async () => {
    const fan = await person(t, { type: 'user' });
    await grantCredits(t.db, fan.user.id, 50);
    await t.db.transaction((tx) =>
      postMovement(tx, {
        kind: 'tip',
        reference: { post_id: world.postId },
        entries: [
          { account: { owner: fan.user.id, kind: 'credits' }, amount: -20 },
          { account: { owner: world.creator.user.id, kind: 'earnings' }, amount: 16 },
          { account: { owner: null, kind: 'platform_revenue' }, amount: 4 },
        ],
      }),
    );
    const [row] = await allRows(fan);
    expect(row).toMatchObject({
      kind: 'post_tip',
      amount: -20,
      balance_after: 30,
      post_id: world.postId,
      creator: { _id: world.creator.user.id },
    });
  });

  it("shows nobody another person's rows", async () => {
    const other = await person(t, { type: 'user' });
    expect(await allRows(other)).toEqual([]);
    expect((await t.app.inject({ url: '/v1/history' })).statusCode).toBe(401);
  });
});

describe('GET /v1/history/:id', () => {
  it('is a receipt: parties, amounts, method and status', async () => {
    const bought = rows.find((r) => r.payment?._id === world.boughtId);
    const res = await world.fan.api.get(`/v1/history/${bought?._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ...bought,
      payer: { _id: world.fan.user.id, username: world.fan.user.username },
      status: 'completed',
    });
    const refunded = rows.find((r) => r.kind === 'credit_purchase' && r.payment?._id === world.refundedId);
    expect((await world.fan.api.get(`/v1/history/${refunded?._id}`)).json().data.status).toBe('refunded');
    const taken = only('chat_unlock').find((r) => r.message_id === world.songId);
    expect((await world.fan.api.get(`/v1/history/${taken?._id}`)).json().data.status).toBe('reversed');
  });

  it("answers another person's receipt, and an unknown one, with 404", async () => {
    const other = await person(t, { type: 'user' });
    const mine = rows[0]?._id ?? '';
    for (const [who, id] of [
      [other, mine],
      [world.creator, mine],
      [world.fan, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await who.api.get(`/v1/history/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'receipt_not_found', message: 'Receipt not found' });
    }
  });
});

describe('GET /v1/history/export', () => {
  it('is the filtered range as CSV, one line per row', async () => {
    const res = await world.fan.api.get(`/v1/history/export?kind=credit_purchase&to=${today()}`);
    expect(res.statusCode).toBe(200);
    const { filename, csv } = res.json() as { filename: string; csv: string };
    expect(filename).toBe(`cove-history-start-to-${today()}.csv`);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Receipt,Date (UTC),Kind,Description,Creator,Amount (USD),Balance after (USD),Owed change (USD),' +
        'Payment method,Charged (USD),Credits bought,Bonus credits',
    );
    const purchases = only('credit_purchase');
    expect(lines).toHaveLength(purchases.length + 1);
    const first = purchases.find((r) => r.payment?._id === world.boughtId);
    expect(lines).toContain(
      `${first?._id},${first?.created_at},Credit purchase,Bought credits with VISA ending 4242,,57.00,` +
        `${((first?.balance_after ?? 0) / 10).toFixed(2)},,VISA ending 4242,50.00,570,70`,
    );
  });

  it("holds only the caller's rows", async () => {
    const other = await person(t, { type: 'user' });
    const { csv } = (await other.api.get('/v1/history/export')).json() as { csv: string };
    expect(csv.trimEnd().split('\r\n')).toHaveLength(1);
  });
});
