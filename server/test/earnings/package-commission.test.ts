import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { setUserFeature } from '../../src/onboarding/features';
import { person } from '../helpers/chats';
import { CARDS, eventually, payWithCard } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setFeature(id: string, on: boolean) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no user');
  await t.db.transaction((tx) =>
    setUserFeature(tx, () => undefined, row, 'credit_package_sales_commissions', on),
  );
}

/** A fan who signed up with the creator's code buys a package; the creator's referral earnings after it. */
async function referredFanBuys(creator: Awaited<ReturnType<typeof person>>) {
  const fan = await person(t);
  expect(
    (await fan.api.patch(`/v1/users/${fan.user.id}`, { code_used: creator.user.username })).statusCode,
  ).toBe(200);
  const paid = await payWithCard(t.app, fan.api, CARDS.visa, { amount: 500 });
  expect(paid.statusCode).toBe(200);
  return { fan, paymentId: paid.json().payment_id as string };
}

/** The creator's commissions today, on their own line; referrals stay for creators she referred. */
const commissions = async (creator: Awaited<ReturnType<typeof person>>) => {
  const { totals } = (await creator.api.get('/v1/account/stats?days=1')).json();
  expect(totals.referrals).toBe(0);
  return totals.commissions as number;
};

describe('credit_package_sales_commissions', () => {
  it('pays the referring creator 10% of a package only while she has the permission', async () => {
    const creator = await person(t, { type: 'featured' });
    await referredFanBuys(creator);
    // Off (the default): nothing.
    await new Promise((r) => setTimeout(r, 500));
    expect(await commissions(creator)).toBe(0);

    await setFeature(creator.user.id, true);
    await referredFanBuys(creator);
    expect(
      await eventually(
        () => commissions(creator),
        (n) => n === 50,
      ),
    ).toBe(50);
  });

  it('takes the commission back when the package is refunded', async () => {
    const creator = await person(t, { type: 'featured' });
    await setFeature(creator.user.id, true);
    const { paymentId } = await referredFanBuys(creator);
    expect(
      await eventually(
        () => commissions(creator),
        (n) => n === 50,
      ),
    ).toBe(50);
    const refund = await t.app.inject({
      method: 'POST',
      url: '/internal/payments',
      headers: { 'x-admin-secret': t.app.adminSecret },
      payload: { action: 'refund', paymentId, actor: 'test' },
    });
    expect(refund.statusCode).toBe(200);
    expect(
      await eventually(
        () => commissions(creator),
        (n) => n === 0,
      ),
    ).toBe(0);
  });
});
