import { eq, sql } from 'drizzle-orm';
import { payoutMethods } from '../../src/db/schema';
import { type Party, person } from '../helpers/chats';
import { codeFor } from '../helpers/mailbox';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { ageCodes, bank, paxum, paypal, setMethod, wallet } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const creator = (features: Record<string, boolean> = {}) => person(t, { type: 'featured', features });
const savedOf = async (c: Party) =>
  (await t.db.select().from(payoutMethods).where(eq(payoutMethods.userId, c.user.id)))[0];
const infoOf = async (c: Party) => (await c.api.get('/v1/account/info')).json().data;

async function freshCode(c: Party): Promise<string> {
  await ageCodes(t, c.user.id);
  const sent = await c.api.post('/v1/users/send-verification-code', { action: 'verify' });
  expect(sent.statusCode).toBe(200);
  return codeFor(t.app, c.user.email);
}

it('mails a code and sets the method with it; the code works once', async () => {
  const c = await creator();
  const sent = await c.api.post('/v1/users/send-verification-code', { action: 'verify' });
  expect(sent.statusCode).toBe(200);
  expect(sent.json().email).toBe(`${c.user.email[0]}•••@example.com`);
  const code = await codeFor(t.app, c.user.email);
  const set = await c.api.patch(
    `/v2/account/defaults?verification_code=${code}`,
    paypal('Pay.Me@Example.com'),
  );
  expect(set.statusCode).toBe(200);
  expect(set.json().data.payout_method).toMatchObject({
    method: 'paypal_transfer',
    label: 'PayPal · p•••@example.com',
  });
  expect((await savedOf(c))?.details).toEqual({ email: 'pay.me@example.com' });
  // The same code again: spent.
  const again = await c.api.patch(
    `/v2/account/defaults?verification_code=${code}`,
    paypal('other@example.com'),
  );
  expect([again.statusCode, again.json().code]).toEqual([400, 'code_expired']);
  expect((await savedOf(c))?.details).toEqual({ email: 'pay.me@example.com' });
});

it('refuses a change without the code, with a wrong one and with an expired one', async () => {
  const c = await creator();
  const none = await c.api.patch('/v2/account/defaults', paypal());
  expect([none.statusCode, none.json().code, none.json().message]).toEqual([
    403,
    'verification_required',
    'Enter the code we sent to your email to change your payout method.',
  ]);
  const code = await freshCode(c);
  const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
  const bad = await c.api.patch(`/v2/account/defaults?verification_code=${wrong}`, paypal());
  expect([bad.statusCode, bad.json().code]).toEqual([400, 'wrong_code']);
  const malformed = await c.api.patch('/v2/account/defaults?verification_code=12a4', paypal());
  expect(malformed.statusCode).toBe(400);
  await t.db.execute(
    sql`update email_codes set expires_at = now() - interval '1 second' where user_id = ${c.user.id}`,
  );
  const expired = await c.api.patch(`/v2/account/defaults?verification_code=${code}`, paypal());
  expect([expired.statusCode, expired.json().code]).toEqual([400, 'code_expired']);
  expect(await savedOf(c)).toBeUndefined();
  expect((await infoOf(c)).payout_method).toBeNull();
});

it('locks the code after five wrong tries', async () => {
  const c = await creator();
  const code = await freshCode(c);
  const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
  for (let i = 0; i < 5; i++)
    expect((await c.api.patch(`/v2/account/defaults?verification_code=${wrong}`, paypal())).statusCode).toBe(
      400,
    );
  const right = await c.api.patch(`/v2/account/defaults?verification_code=${code}`, paypal());
  expect([right.statusCode, right.json().code]).toEqual([429, 'code_locked']);
  expect(await savedOf(c)).toBeUndefined();
});

it('checks each method and keeps the code for a corrected try', async () => {
  const c = await creator({ paxum_transfer: true, crypto_transfer: true });
  let code = await freshCode(c);
  const tryWith = (body: object) => c.api.patch(`/v2/account/defaults?verification_code=${code}`, body);
  const refused: [object, number, string][] = [
    [bank('DE89370400440532013001'), 400, 'bad_iban'],
    [bank('XX00 0000 0000 0000 0'), 400, 'bad_iban'],
    [bank('DE89370400440532013000', { bic: 'DEUT12' }), 400, 'bad_bic'],
    [paypal('not-an-email'), 400, 'invalid_email'],
    [paxum('a@b'), 400, 'invalid_email'],
    [paypal(' '), 400, 'invalid_email'],
    [paypal(`${'a'.repeat(250)}@example.com`), 400, 'invalid_email'],
    [wallet('BTC', '0OIl00000000000000000000000'), 400, 'bad_wallet'],
    [wallet('BTC', 'bc1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ' + 'x'), 400, 'bad_wallet'],
    [wallet('ETH', '0x52908400098527886E0F7030069857D2E4169EE'), 400, 'bad_wallet'],
    [wallet('USDT_TRC20', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqe'), 400, 'bad_wallet'],
    [wallet('DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'), 400, 'validation'],
    [{ method: 'cheque', address: 'somewhere' }, 400, 'validation'],
  ];
  for (const [body, status, error] of refused) {
    const res = await tryWith(body);
    expect([body, res.statusCode, res.json().code]).toEqual([body, status, error]);
  }
  const usdt = await tryWith(wallet('USDT_TRC20', 'T1'));
  expect(usdt.statusCode).toBe(400);
  const badAddress = await tryWith(wallet('ETH', '0x' + 'z'.repeat(40)));
  expect(badAddress.json().message).toBe('This is not a valid ETH address.');
  // The spec's text for a bad address, not a schema message naming the field.
  const email = await tryWith(paxum('ann@example'));
  expect(email.json()).toEqual({ message: 'Email is not a valid email address.', code: 'invalid_email' });
  expect(await savedOf(c)).toBeUndefined();

  const accepted: [object, string][] = [
    [bank('de89 3704 0044 0532 0130 00', { bic: 'cobadeffxxx' }), 'Bank · DE89 •••• 3000'],
    [paxum('ann@example.org'), 'Paxum · a•••@example.org'],
    [wallet('BTC', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT'), 'BTC · 1BoatS…tpyT'],
    [wallet('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'), 'BTC · bc1qar…5mdq'],
    [wallet('ETH', '0x52908400098527886E0F7030069857D2E4169EE7'), 'ETH · 0x5290…9EE7'],
    [wallet('USDT_TRC20', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL'), 'USDT (TRC-20) · TNPeea…YqeL'],
  ];
  for (const [body, label] of accepted) {
    const res = await tryWith(body);
    expect([body, res.statusCode]).toEqual([body, 200]);
    expect(res.json().data.payout_method.label).toBe(label);
    // Each change spends its code: the next one needs a new one.
    code = await freshCode(c);
  }
  expect(JSON.stringify(await infoOf(c))).not.toContain('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL');
});

it('allows only the methods the creator has the permission for', async () => {
  // Defaults: bank and PayPal on, Paxum and crypto off; a creator's own permissions override them.
  const c = await creator({ paypal_transfer: false });
  expect((await infoOf(c)).allowed_methods).toEqual(['bank_transfer']);
  const code = await freshCode(c);
  for (const body of [
    paypal(),
    paxum('ann@example.org'),
    wallet('ETH', '0x52908400098527886E0F7030069857D2E4169EE7'),
  ]) {
    const res = await c.api.patch(`/v2/account/defaults?verification_code=${code}`, body);
    expect([res.statusCode, res.json().code]).toEqual([403, 'payout_method_not_allowed']);
  }
  expect(await savedOf(c)).toBeUndefined();
  const allowed = await c.api.patch(
    `/v2/account/defaults?verification_code=${code}`,
    bank('GB82 WEST 1234 5698 7654 32'),
  );
  expect(allowed.statusCode).toBe(200);
});

it('stops payouts to a method whose permission was taken away', async () => {
  const c = await creator();
  expect((await setMethod(t, c, paypal())).statusCode).toBe(200);
  await t.db.execute(sql`update users set features = '{"paypal_transfer": false}' where id = ${c.user.id}`);
  const res = await c.api.post('/v2/account/payout', { amount: 200, idempotency_key: 'k' });
  expect([res.statusCode, res.json().code]).toEqual([403, 'payout_method_not_allowed']);
});
