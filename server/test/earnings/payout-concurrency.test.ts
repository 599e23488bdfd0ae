import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { payouts } from '../../src/db/schema';
import { eventually } from '../helpers/payments';
import { balancedAppForFile } from '../helpers/file-app';
import { creatorWithEarnings, moneyOf, payoutRequest, paypal, setMethod } from './helpers';

const t = balancedAppForFile({ env: { PAYOUT_SETTLE_MS: '0' } });

it('100 payout requests at once against one balance pay out at most the balance', async () => {
  const { creator } = await creatorWithEarnings(t, 2500); // 2,000 available
  await setMethod(t, creator, paypal());
  const amounts = Array.from({ length: 100 }, (_, i) => 200 + ((i * 37) % 300));
  const answers = await Promise.all(
    amounts.map((a) => creator.api.post('/v2/account/payout', payoutRequest(a))),
  );
  const paid = amounts.filter((_, i) => answers[i]?.statusCode === 200);
  const refused = amounts.filter((_, i) => answers[i]?.statusCode !== 200);
  expect(answers.every((a) => a.statusCode === 200 || a.json().code === 'payout_too_large')).toBe(true);
  const total = paid.reduce((a, b) => a + b, 0);
  expect(total).toBeLessThanOrEqual(2000);
  // Each refusal was right when it was made: the balance only went down, so it is still too large now.
  expect(Math.min(...refused)).toBeGreaterThan(2000 - total);

  await eventually(
    () => t.db.select().from(payouts).where(eq(payouts.creatorId, creator.user.id)),
    (rows) => rows.every((p) => p.status === 'completed'),
  );
  const rows = await t.db.select().from(payouts).where(eq(payouts.creatorId, creator.user.id));
  expect(rows.map((p) => p.amount).sort()).toEqual([...paid].sort());
  expect(await moneyOf(t, creator.user.id)).toEqual({ earnings: 2000 - total, clearing: 0 });
  // What reached the platform's payouts_sent for this creator is exactly what was paid.
  const [sent] = rowsOf<{ sum: string }>(
    await t.db.execute(sql`
      select coalesce(sum(le.amount), 0)::bigint as sum from ledger_entries le
      join ledger_accounts la on la.id = le.account_id and la.kind = 'payouts_sent'
      join ledger_transactions lt on lt.id = le.transaction_id
      join payouts p on p.id = (lt.reference->>'payout_id')::uuid
      where p.creator_id = ${creator.user.id}`),
  );
  expect(Number(sent?.sum)).toBe(total);
  expect((await creator.api.get('/v1/account/totals')).json()).toMatchObject({
    available: 2000 - total,
    paid_out: total,
    in_payout: 0,
  });
});
