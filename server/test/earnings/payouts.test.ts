import { eq } from 'drizzle-orm';
import { payouts } from '../../src/db/schema';
import { requeueUnsent } from '../../src/earnings/send-payout';
import { settlePayout } from '../../src/earnings/settle-payout';
import { postMovement } from '../../src/ledger/ledger';
import { person } from '../helpers/chats';
import { eventually } from '../helpers/payments';
import { balancedAppForFile } from '../helpers/file-app';
import { creatorWithEarnings, eventsOf, moneyOf, payoutRequest, paypal, setMethod } from './helpers';

const t = balancedAppForFile({ env: { PAYOUT_SETTLE_MS: '0' } });

const payoutOf = async (id: string) => (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0];

it('pays a creator through the sandbox: pending, then completed with the popup event', async () => {
  const { creator } = await creatorWithEarnings(t, 1000); // 800 earned
  expect((await setMethod(t, creator, paypal())).statusCode).toBe(200);
  const res = await creator.api.post('/v2/account/payout', payoutRequest(300));
  expect(res.statusCode).toBe(200);
  const payout = res.json().data;
  expect(payout).toMatchObject({
    amount: 300,
    amount_in_dollars: 30,
    method: 'paypal_transfer',
    label: 'PayPal · c•••@example.com',
    status: 'pending',
    failure_reason: null,
  });
  const done = await eventually(
    () => payoutOf(payout._id),
    (p) => p?.status === 'completed',
  );
  expect(done?.status).toBe('completed');
  expect(await eventsOf(t, creator.user.id, ['payout_updated', 'payout_completed'])).toEqual([
    { type: 'payout_updated', payout_id: payout._id, status: 'pending' },
    { type: 'payout_updated', payout_id: payout._id, status: 'completed' },
    { type: 'payout_completed', payout_id: payout._id, amount: 300 },
  ]);
  const totals = (await creator.api.get('/v1/account/totals')).json();
  expect(totals).toMatchObject({ available: 500, pending: 0, lifetime: 800, paid_out: 300, in_payout: 0 });
  expect(await moneyOf(t, creator.user.id)).toEqual({ earnings: 500, clearing: 0 });
  const list = (await creator.api.get('/v1/account/payouts')).json();
  expect(list).toMatchObject({ data: [{ _id: payout._id, status: 'completed' }], next: null });
  expect(list.data[0].completed_at).not.toBeNull();
});

it('refuses below the minimum and above what is available, changing nothing', async () => {
  const { creator } = await creatorWithEarnings(t, 500); // 400 earned
  await setMethod(t, creator, paypal());
  const small = await creator.api.post('/v2/account/payout', payoutRequest(199));
  expect([small.statusCode, small.json().message]).toEqual([400, 'The minimum payout is $20.00.']);
  const large = await creator.api.post('/v2/account/payout', payoutRequest(401));
  expect([large.statusCode, large.json().message]).toEqual([
    400,
    'You can request at most $40.00, your available earnings.',
  ]);
  const bad = await creator.api.post('/v2/account/payout', { amount: -5, idempotency_key: 'x' });
  expect(bad.statusCode).toBe(400);
  expect(await moneyOf(t, creator.user.id)).toEqual({ earnings: 400, clearing: 0 });
  expect((await creator.api.get('/v1/account/payouts')).json().data).toEqual([]);
});

it('needs a saved method, and answers a repeated key with the same payout', async () => {
  const { creator } = await creatorWithEarnings(t, 1000);
  const none = await creator.api.post('/v2/account/payout', payoutRequest(200));
  expect([none.statusCode, none.json().message]).toEqual([400, 'Add a payout method first.']);
  await setMethod(t, creator, paypal());
  const first = await creator.api.post('/v2/account/payout', payoutRequest(200, 'key-1'));
  const again = await creator.api.post('/v2/account/payout', payoutRequest(200, 'key-1'));
  expect(again.json().data._id).toBe(first.json().data._id);
  const other = await creator.api.post('/v2/account/payout', payoutRequest(250, 'key-1'));
  expect([other.statusCode, other.json().code]).toEqual([409, 'payout_key_reused']);
  expect((await creator.api.get('/v1/account/payouts')).json().data).toHaveLength(1);
  // Another creator's same key is their own payout.
  const { creator: second } = await creatorWithEarnings(t, 1000);
  await setMethod(t, second, paypal('second@example.com'));
  const theirs = await second.api.post('/v2/account/payout', payoutRequest(200, 'key-1'));
  expect(theirs.statusCode).toBe(200);
  expect(theirs.json().data._id).not.toBe(first.json().data._id);
  expect(
    (await second.api.get('/v1/account/payouts')).json().data.map((p: { _id: string }) => p._id),
  ).toEqual([theirs.json().data._id]);
});

it('returns a failed payout to the balance exactly once, with the reason', async () => {
  const { creator } = await creatorWithEarnings(t, 1000);
  await setMethod(t, creator, paypal('fail-me@example.com'));
  const res = await creator.api.post('/v2/account/payout', payoutRequest(600));
  const id = res.json().data._id as string;
  const failed = await eventually(
    () => payoutOf(id),
    (p) => p?.status === 'failed',
  );
  expect(failed?.failureReason).toBe('The payout provider refused this destination.');
  // The provider reports again, both ways: nothing moves.
  const deps = { db: t.db, realtime: t.app.realtime };
  expect(await settlePayout(deps, id, { status: 'failed', reason: 'again' })).toBe(false);
  expect(await settlePayout(deps, id, { status: 'completed' })).toBe(false);
  expect(await moneyOf(t, creator.user.id)).toEqual({ earnings: 800, clearing: 0 });
  const totals = (await creator.api.get('/v1/account/totals')).json();
  expect(totals).toMatchObject({ available: 800, lifetime: 800, paid_out: 0, in_payout: 0 });
  expect((await creator.api.get('/v1/account/payouts')).json().data[0]).toMatchObject({
    status: 'failed',
    failure_reason: 'The payout provider refused this destination.',
  });
  expect(await eventsOf(t, creator.user.id, ['payout_updated', 'payout_completed'])).toEqual([
    { type: 'payout_updated', payout_id: id, status: 'pending' },
    { type: 'payout_updated', payout_id: id, status: 'failed' },
  ]);
});

it('settles twice at once and applies it once', async () => {
  const { creator } = await creatorWithEarnings(t, 1000);
  await setMethod(t, creator, {
    method: 'bank_transfer',
    account_holder: 'Ann Example',
    iban: 'DE89370400440532013000',
  });
  // The sandbox settles at once; a second outcome racing it must change nothing.
  const res = await creator.api.post('/v2/account/payout', payoutRequest(400));
  const id = res.json().data._id as string;
  const deps = { db: t.db, realtime: t.app.realtime };
  await Promise.all([
    settlePayout(deps, id, { status: 'completed' }),
    settlePayout(deps, id, { status: 'failed', reason: 'race' }),
  ]);
  const p = await eventually(
    () => payoutOf(id),
    (row) => row?.status !== 'pending',
  );
  const money = await moneyOf(t, creator.user.id);
  expect(money.clearing).toBe(0);
  expect(money.earnings).toBe(p?.status === 'completed' ? 400 : 800);
});

it('is for creators only, signed in', async () => {
  const fan = await person(t, { type: 'user' });
  for (const [method, url] of [
    ['GET', '/v1/account/totals'],
    ['GET', '/v1/account/stats'],
    ['GET', '/v1/account/info'],
    ['GET', '/v1/account/payouts'],
    ['GET', '/v1/users/referrals'],
    ['POST', '/v2/account/payout'],
    ['POST', '/v1/account/anti-money-laundering'],
    ['POST', '/v1/users/send-verification-code'],
    ['PATCH', '/v2/account/defaults'],
  ] as const) {
    const valid: Record<string, object> = {
      '/v2/account/payout': payoutRequest(200),
      '/v1/account/anti-money-laundering': {
        full_name: 'Ann Example',
        date_of_birth: '1990-01-01',
        address: '1 Main Street',
        country: 'DE',
      },
      '/v1/users/send-verification-code': { action: 'verify' },
      '/v2/account/defaults': paypal(),
    };
    const payload = valid[url];
    const asFan = await t.app.inject({ method, url, headers: { 'access-token': fan.token }, payload });
    expect([url, asFan.statusCode, asFan.json().code]).toEqual([url, 403, 'creators_only']);
    const anonymous = await t.app.inject({ method, url, payload });
    expect([url, anonymous.statusCode]).toEqual([url, 401]);
  }
});

it('sends a pending payout whose job a crash lost, once however often it is queued again', async () => {
  const { creator } = await creatorWithEarnings(t, 1000);
  // What a request leaves when its job is lost: the row pending, the money in clearing, no job.
  const id = await t.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payouts)
      .values({
        creatorId: creator.user.id,
        idempotencyKey: 'lost',
        amount: 300,
        method: 'paypal_transfer',
        details: { email: 'creator@example.com' },
        label: 'PayPal · c•••@example.com',
        provider: 'sandbox',
        updatedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    if (!row) throw new Error('no payout');
    await postMovement(tx, {
      kind: 'payout',
      reference: { payout_id: row.id },
      idempotencyKey: `payout:${row.id}`,
      entries: [
        { account: { owner: creator.user.id, kind: 'earnings' }, amount: -300 },
        { account: { owner: creator.user.id, kind: 'payout_clearing' }, amount: 300 },
      ],
    });
    return row.id;
  });
  expect(await requeueUnsent(t.db, t.app.jobs.boss, 30_000)).toBeGreaterThanOrEqual(1);
  // Touched as it was queued: a sweep right after leaves it to that job.
  expect(await requeueUnsent(t.db, t.app.jobs.boss, 30_000)).toBe(0);
  await t.app.jobs.boss.send('payouts', { payoutId: id });
  t.app.payouts.queued();
  const done = await eventually(
    () => payoutOf(id),
    (p) => p?.status === 'completed',
  );
  expect(done?.status).toBe('completed');
  expect(await moneyOf(t, creator.user.id)).toEqual({ earnings: 500, clearing: 0 });
  const completed = (await eventsOf(t, creator.user.id, ['payout_completed'])).filter(
    (e) => e.payout_id === id,
  );
  expect(completed).toHaveLength(1);
});
