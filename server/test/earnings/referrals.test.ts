import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { ledgerTransactions, users } from '../../src/db/schema';
import { creditReferrals } from '../../src/earnings/referral-credits';
import { grantCredits, type Party, person } from '../helpers/chats';
import { balancedAppForFile } from '../helpers/file-app';
import { backdateEarnings, eventsOf } from './helpers';

const t = balancedAppForFile();

const referrerOf = async (p: Party) =>
  (await t.db.select({ id: users.referrerId }).from(users).where(eq(users.id, p.user.id)))[0]?.id;
const useCode = (p: Party, code: string) => p.api.patch(`/v1/users/${p.user.id}`, { code_used: code });

/** A fan tips the creator `amount` (80% of it earned), the tip dated `daysAgo`. */
async function tipped(creator: Party, amount: number, daysAgo: number) {
  const fan = await person(t, { type: 'user' });
  await grantCredits(t.db, fan.user.id, amount);
  const chat = (await fan.api.post('/v1/chat', { recipient_id: creator.user.id })).json().data._id;
  const res = await fan.api.post('/v1/messages/tip', { chat_id: chat, amount, send_id: randomUUID() });
  expect(res.statusCode).toBe(200);
  await t.db.execute(sql`
    update ledger_transactions set created_at = created_at - make_interval(days => ${daysAgo})
    where idempotency_key = ${`tip:${res.json().data._id}`}`);
}

it('resolves the referrer from the code: a creator, never oneself or a fan', async () => {
  const referrer = await person(t, { type: 'featured' });
  const fan = await person(t, { type: 'user' });
  const referred = await person(t, { type: 'featured' });
  expect((await useCode(referred, referrer.user.username?.toUpperCase() ?? '')).statusCode).toBe(200);
  expect(await referrerOf(referred)).toBe(referrer.user.id);
  const self = await person(t, { type: 'featured' });
  await useCode(self, self.user.username ?? '');
  expect(await referrerOf(self)).toBeNull();
  const viaFan = await person(t, { type: 'featured' });
  await useCode(viaFan, fan.user.username ?? '');
  expect(await referrerOf(viaFan)).toBeNull();
});

it('credits the referrer 5% of each ended day of a referred creator’s first year, once', async () => {
  const referrer = await person(t, { type: 'featured' });
  const referred = await person(t, { type: 'featured' });
  await useCode(referred, referrer.user.username ?? '');
  await t.db.execute(
    sql`update users set created_at = now() - interval '10 days' where id = ${referred.user.id}`,
  );
  await tipped(referred, 1000, 3); // 800 earned → 40
  await tipped(referred, 510, 2); // 408 earned → 20 (rounded down)
  await tipped(referred, 600, 0); // today: not ended, not yet
  // Someone who joined 13 months ago earns nothing for their referrer any more.
  const old = await person(t, { type: 'featured' });
  await useCode(old, referrer.user.username ?? '');
  await t.db.execute(
    sql`update users set created_at = now() - interval '13 months' where id = ${old.user.id}`,
  );
  await tipped(old, 1000, 2);

  const deps = { db: t.db, realtime: t.app.realtime };
  await Promise.all([creditReferrals(deps), creditReferrals(deps)]);
  expect(await creditReferrals(deps)).toBe(0);
  // One notice per credit, so the header re-reads; none for the runs that found nothing new.
  expect(await eventsOf(t, referrer.user.id, ['earnings_updated'])).toHaveLength(2);
  const keys = await t.db
    .select({ key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.idempotencyKey, `referral:${referrer.user.id}:%`));
  expect(keys).toHaveLength(2);

  const page = (await referrer.api.get('/v1/users/referrals')).json();
  expect(page).toMatchObject({
    code: referrer.user.username,
    share_percent: 5,
    months: 12,
    total_earned: 60,
    next: null,
  });
  expect(page.link).toContain(`code=${referrer.user.username}`);
  expect(page.data.map((r: { _id: string; earned: number }) => [r._id, r.earned])).toEqual([
    [referred.user.id, 60],
    [old.user.id, 0],
  ]);
  expect((await referrer.api.get('/v1/account/stats?days=1')).json().totals.referrals).toBe(60);
  expect((await referrer.api.get('/v1/account/totals')).json()).toMatchObject({ pending: 60, lifetime: 60 });
  await backdateEarnings(t, referrer.user.id, 8);
  expect((await referrer.api.get('/v1/account/totals')).json()).toMatchObject({ available: 60 });
  // The referred creator's own earnings are untouched; the platform paid the share.
  expect((await referred.api.get('/v1/account/totals')).json().lifetime).toBe(800 + 408 + 480);
  // Nobody else sees these referrals.
  expect((await referred.api.get('/v1/users/referrals')).json()).toMatchObject({ data: [], total_earned: 0 });
});

it('pages referrals by 20 with the next page’s path', async () => {
  const referrer = await person(t, { type: 'featured' });
  for (let i = 0; i < 21; i++)
    await useCode(await person(t, { type: 'featured' }), referrer.user.username ?? '');
  const first = (await referrer.api.get('/v1/users/referrals')).json();
  expect(first.data).toHaveLength(20);
  expect(first.next).toBe('/v1/users/referrals?limit=20&offset=20');
  const second = (await referrer.api.get(first.next)).json();
  expect([second.data.length, second.next]).toEqual([1, null]);
});
