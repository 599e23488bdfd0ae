import { TIP_MAX } from '@cove/contracts';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { userEvents } from '../../src/db/schema';
import { grantCredits, type Party, person } from '../helpers/chats';
import { codeFor } from '../helpers/mailbox';
import type { TestApp } from '../helpers/test-app';

/** Moves a creator's earnings entries (the sales, not payouts) `days` into the past, past the hold. */
export async function backdateEarnings(t: TestApp, creatorId: string, days: number): Promise<void> {
  await t.db.execute(sql`
    update ledger_transactions set created_at = created_at - make_interval(days => ${days})
    where id in (select le.transaction_id from ledger_entries le
      join ledger_accounts la on la.id = le.account_id
      where la.owner_id = ${creatorId} and la.kind = 'earnings')
      and kind not like 'payout%'`);
}

/** A creator who earned `tipped` × 80% from a fan's tip, the tip past the hold so it is available. */
export async function creatorWithEarnings(
  t: TestApp,
  tipped: number,
  values: Parameters<typeof person>[1] = {},
) {
  const creator = await person(t, { type: 'featured', ...values });
  const fan = await person(t, { type: 'user' });
  await grantCredits(t.db, fan.user.id, tipped);
  const chat = await fan.api.post('/v1/chat', { recipient_id: creator.user.id });
  if (chat.statusCode !== 200) throw new Error(`chat not opened: ${chat.body}`);
  // In tips of at most the largest one allowed.
  for (let left = tipped; left > 0; left -= TIP_MAX) {
    const tip = await fan.api.post('/v1/messages/tip', {
      chat_id: chat.json().data._id,
      amount: Math.min(left, TIP_MAX),
      send_id: randomUUID(),
    });
    if (tip.statusCode !== 200) throw new Error(`tip failed: ${tip.body}`);
  }
  await backdateEarnings(t, creator.user.id, 8);
  return { creator, fan };
}

/** Asks for the email code and sets the method with it, as the payout-method screen does. */
export async function setMethod(t: TestApp, creator: Party, body: object) {
  const sent = await creator.api.post('/v1/users/send-verification-code', { action: 'verify' });
  if (sent.statusCode !== 200) throw new Error(`code not sent: ${sent.body}`);
  const code = await codeFor(t.app, creator.user.email);
  return creator.api.patch(`/v2/account/defaults?verification_code=${code}`, body);
}

export const paypal = (email = 'creator@example.com') => ({ method: 'paypal_transfer', email });
export const paxum = (email: string) => ({ method: 'paxum_transfer', email });
export const bank = (iban: string, extra: { bic?: string } = {}) => ({
  method: 'bank_transfer',
  account_holder: 'Ann Example',
  iban,
  ...extra,
});
export const wallet = (currency: string, address: string) => ({
  method: 'crypto_transfer',
  currency,
  address,
});

/** Codes have a 30 s cooldown and 5 an hour: another code in a test needs the earlier ones moved back. */
export async function ageCodes(t: TestApp, userId: string): Promise<void> {
  await t.db.execute(
    sql`update email_codes set created_at = created_at - interval '2 hours' where user_id = ${userId}`,
  );
}

export const payoutRequest = (amount: number, key: string = randomUUID()) => ({
  amount,
  idempotency_key: key,
});

export async function eventsOf(t: TestApp, userId: string, types: string[]) {
  return (await t.db.select().from(userEvents).where(eq(userEvents.userId, userId)).orderBy(userEvents.seq))
    .filter((e) => types.includes(e.type))
    .map((e): Record<string, unknown> => ({ type: e.type, ...e.payload }));
}

/** A creator's ledger balances of the accounts money leaves through, straight from the entries. */
export async function moneyOf(t: TestApp, userId: string) {
  const rows = rowsOf<{ kind: string; sum: string }>(
    await t.db.execute(sql`
      select la.kind, coalesce(sum(le.amount), 0)::bigint as sum from ledger_accounts la
      left join ledger_entries le on le.account_id = la.id
      where la.owner_id = ${userId} and la.kind in ('earnings', 'payout_clearing') group by la.kind`),
  );
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.sum ?? 0);
  return { earnings: of('earnings'), clearing: of('payout_clearing') };
}
