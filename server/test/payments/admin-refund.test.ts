import { eq } from 'drizzle-orm';
import { adminActions } from '../../src/db/schema';
import { creditsOf } from '../../src/ledger/ledger';
import { person } from '../helpers/chats';
import { CARDS, eventually, payWithCard } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ask = (body: object, secret = t.app.adminSecret) =>
  t.app.inject({
    method: 'POST',
    url: '/internal/payments',
    headers: { 'x-admin-secret': secret },
    payload: body,
  });

describe('support refunds (npm run admin -- refund)', () => {
  it('refunds through the provider and records who asked', async () => {
    const fan = await person(t);
    const id = (await payWithCard(t.app, fan.api, CARDS.visa)).json().payment_id as string;
    const res = await ask({ action: 'refund', paymentId: id, actor: 'sam' });
    expect(res.statusCode).toBe(200);
    await eventually(
      () => creditsOf(t.db, fan.user.id),
      (c) => c === 0,
    );
    expect(await creditsOf(t.db, fan.user.id)).toBe(0);
    const [action] = await t.db.select().from(adminActions).where(eq(adminActions.targetUserId, fan.user.id));
    expect(action).toMatchObject({ actor: 'sam', command: 'refund', args: [id] });

    const twice = await ask({ action: 'refund', paymentId: id, actor: 'sam' });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses without the server secret, and unknown payments', async () => {
    expect((await ask({ action: 'refund', paymentId: 'x', actor: 'sam' }, 'wrong')).statusCode).toBe(403);
    expect((await ask({ action: 'refund', paymentId: crypto.randomUUID(), actor: 'sam' })).statusCode).toBe(
      404,
    );
  });
});
