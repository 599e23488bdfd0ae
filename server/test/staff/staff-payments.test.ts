import { and, eq, inArray } from 'drizzle-orm';
import { adminActions, payments } from '../../src/db/schema';
import { creditsOf } from '../../src/ledger/ledger';
import { person, type Party } from '../helpers/chats';
import { CARDS, eventually, payWithCard } from '../helpers/payments';
import { openSocket, wsBase } from '../helpers/socket';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let boss: Party;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  boss = await person(t, { isStaff: true });
});
afterAll(() => t.close());

/** A fan who bought a package of 100 credits ($10.00) by card. */
async function payingFan() {
  const fan = await person(t);
  const paymentId = (await payWithCard(t.app, fan.api, CARDS.visa)).json().payment_id as string;
  await eventually(
    () => creditsOf(t.db, fan.user.id),
    (c) => c > 0,
  );
  return { fan, paymentId };
}

const act = (by: Party, paymentId: string, action: string, body: object = { reason: 'asked by the fan' }) =>
  by.api.post(`/v1/admin/payments/${paymentId}/${action}`, body);
const statusOf = async (id: string) =>
  (await t.db.select({ status: payments.status }).from(payments).where(eq(payments.id, id)))[0]?.status;
const reversals = (userId: string) =>
  t.db
    .select()
    .from(adminActions)
    .where(
      and(eq(adminActions.targetUserId, userId), inArray(adminActions.command, ['refund', 'chargeback'])),
    );

describe('refunds and chargebacks from the staff console', () => {
  it('lists the payment in dollars, refunds it with a reason, and refuses a second refund', async () => {
    const { fan, paymentId } = await payingFan();
    const view = (await boss.api.get(`/v1/admin/users/${fan.user.id}`)).json();
    expect(view.payments.recent).toEqual([
      expect.objectContaining({
        id: paymentId,
        method: 'card',
        amount: '$10.00',
        status: 'succeeded',
        card: expect.stringMatching(/····4242$/),
        reversal_asked: false,
        reversible: true,
      }),
    ]);

    const noReason = await act(boss, paymentId, 'refund', {});
    expect([noReason.statusCode, noReason.json().message]).toEqual([
      400,
      expect.stringContaining('A reason is required.'),
    ]);
    expect(await reversals(fan.user.id)).toEqual([]);

    const socket = openSocket(wsBase(t.app), fan.token);
    await socket.opened;
    const refund = await act(boss, paymentId, 'refund', { reason: 'Charged twice by mistake.' });
    expect(refund.statusCode).toBe(200);
    expect(refund.json().message).toBe(
      `Refund of payment ${paymentId} asked; the credits go back when the provider confirms.`,
    );
    // The fan's open pages hear of it: the payment is refunded and the credits went back.
    const updated = await socket.until(
      (m) => m.type === 'payment_updated' && (m as { status?: string }).status === 'refunded',
    );
    expect(updated).toMatchObject({ payment_id: paymentId });
    socket.ws.close();
    expect(await statusOf(paymentId)).toBe('refunded');
    expect(await creditsOf(t.db, fan.user.id)).toBe(0);
    expect((await reversals(fan.user.id)).map((a) => [a.actor, a.command, a.args, a.reason])).toEqual([
      [`staff:${boss.user.email}`, 'refund', [paymentId], 'Charged twice by mistake.'],
    ]);
    const after = (await boss.api.get(`/v1/admin/users/${fan.user.id}`)).json().payments.recent[0];
    expect(after).toMatchObject({ status: 'refunded', reversal_asked: true, reversible: false });

    const twice = await act(boss, paymentId, 'refund');
    expect([twice.statusCode, twice.json().message]).toEqual([
      409,
      'Only a succeeded payment can be refunded; this one is refunded.',
    ]);
    const dispute = await act(boss, paymentId, 'chargeback');
    expect(dispute.statusCode).toBe(409);
    expect(await reversals(fan.user.id)).toHaveLength(1);
  });

  it('takes one of two asks made at once (the provider refuses the other)', async () => {
    const { fan, paymentId } = await payingFan();
    const first = act(boss, paymentId, 'refund');
    const second = act(boss, paymentId, 'chargeback');
    const answers = (await Promise.all([first, second])).map((r) => r.statusCode).sort();
    expect(answers).toEqual([200, 409]);
    expect(await reversals(fan.user.id)).toHaveLength(1);
  });

  it('records a chargeback as the bank would open it, with the reason', async () => {
    const { fan, paymentId } = await payingFan();
    const res = await act(boss, paymentId, 'chargeback', { reason: 'Bank dispute received by email.' });
    expect([res.statusCode, res.json().message]).toEqual([
      200,
      `Chargeback of payment ${paymentId} opened in the sandbox.`,
    ]);
    await eventually(
      () => statusOf(paymentId),
      (s) => s === 'charged_back',
    );
    expect(await statusOf(paymentId)).toBe('charged_back');
    expect((await reversals(fan.user.id)).map((a) => [a.command, a.reason])).toEqual([
      ['chargeback', 'Bank dispute received by email.'],
    ]);
  });

  it('refuses moderators, non-staff, staff on their own payment, and unknown payments', async () => {
    const { fan, paymentId } = await payingFan();
    const mo = await person(t, { isStaffMo: true });
    const creator = await person(t, { type: 'featured' });
    const moderator = await act(mo, paymentId, 'refund');
    expect([moderator.statusCode, moderator.json().message]).toEqual([
      403,
      'Moderators may not do this. Please ask a staff member.',
    ]);
    expect((await act(fan, paymentId, 'refund')).statusCode).toBe(403);
    expect((await act(creator, paymentId, 'refund')).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/payments/${paymentId}/refund`,
      payload: { reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await statusOf(paymentId)).toBe('succeeded');
    expect(await reversals(fan.user.id)).toEqual([]);

    const staffFan = await person(t, { isStaff: true });
    const own = (await payWithCard(t.app, staffFan.api, CARDS.visa)).json().payment_id as string;
    const self = await act(staffFan, own, 'refund');
    expect([self.statusCode, self.json().message]).toEqual([409, 'Staff can not refund their own payments.']);
    const unknown = await act(boss, '00000000-0000-4000-8000-000000000000', 'refund');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Payment not found']);
  });
});
