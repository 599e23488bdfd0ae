import { eq } from 'drizzle-orm';
import { payments, users } from '../../src/db/schema';
import { balanceMismatches, creditsOf } from '../../src/ledger/ledger';
import { fanAndCreator, person, text } from '../helpers/chats';
import { browserInfo, CARDS, eventually, payWithCard, tokenize } from '../helpers/payments';
import { appForFile } from '../helpers/file-app';

const t = appForFile();

const paymentOf = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];

describe('credit packages by card', () => {
  it('lists the packages, the first-purchase bonus and the card form', async () => {
    const fan = await person(t);
    const res = await fan.api.get('/v1/payment/packages');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: [
        { amount: 100, bonus: 0 },
        { amount: 250, bonus: 15 },
        { amount: 500, bonus: 50, popular: true },
        { amount: 1000, bonus: 150 },
      ],
      first_purchase_bonus: 20,
      crypto: false,
      provider: { name: 'sandbox', tokenize_url: '/sandbox/v1/tokens' },
    });
  });

  it('credits a package with the first-purchase bonus once, and makes the fan a customer', async () => {
    const fan = await person(t);
    const first = await payWithCard(t.app, fan.api, CARDS.visa, { amount: 250 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      three_ds: false,
      redirect_url: null,
      result: 'success',
      credits: 285,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, fan.user.id));
    expect([row?.isCustomer, row?.boughtCreditPackage]).toEqual([true, true]);

    const second = await payWithCard(t.app, fan.api, CARDS.master);
    expect(second.json()).toMatchObject({ result: 'success', credits: 385 });
    expect((await fan.api.get('/v1/users/me')).json()).toMatchObject({ credits: 385, is_customer: true });
    const status = (await fan.api.get(`/v1/payment/${first.json().payment_id}`)).json().data;
    expect(status).toMatchObject({ status: 'succeeded', credits: 285, bonus: 35, payment_type: 'credits' });
    expect(await balanceMismatches(t.db)).toEqual([]);
  });

  it.each([
    [CARDS.declined, 'Your card was declined. Try another card.'],
    [CARDS.insufficient, 'Your card has insufficient funds. Try another card or a smaller package.'],
    [CARDS.expired, 'Credit / debit card expired'],
  ])('says why card %s failed and credits nothing', async (card, message) => {
    const fan = await person(t);
    const res = await payWithCard(t.app, fan.api, card);
    expect([res.statusCode, res.json().message]).toEqual([402, message]);
    expect(await creditsOf(t.db, fan.user.id)).toBe(0);
    const [row] = await t.db.select().from(payments).where(eq(payments.userId, fan.user.id));
    expect(row?.status).toBe('failed');
  });

  it("refuses what is not a package, a return address elsewhere, and another fan's payment", async () => {
    const fan = await person(t);
    const odd = await payWithCard(t.app, fan.api, CARDS.visa, { amount: 123 });
    expect([odd.statusCode, odd.json().message]).toEqual([400, 'Choose one of the credit packages.']);
    const away = await payWithCard(t.app, fan.api, CARDS.visa, { success_url: 'https://evil.example/' });
    expect(away.statusCode).toBe(400);
    expect(await t.db.$count(payments, eq(payments.userId, fan.user.id))).toBe(0);

    const mine = (await payWithCard(t.app, fan.api, CARDS.visa)).json().payment_id as string;
    const other = await person(t);
    expect((await other.api.get(`/v1/payment/${mine}`)).statusCode).toBe(404);
    expect((await other.api.get('/v1/payment/not-a-uuid')).statusCode).toBe(404);
  });

  it('charges once for one idempotency key, however often it is sent', async () => {
    const fan = await person(t);
    const body = {
      amount: 100,
      success_url: '/3ds-callback',
      fail_url: '/3ds-callback',
      browser_info: browserInfo,
      card_token: await tokenize(t.app, CARDS.visa),
      idempotency_key: 'one-click',
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => fan.api.post('/v1/payment', body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().payment_id)).size).toBe(1);
    expect(await creditsOf(t.db, fan.user.id)).toBe(120);
  });
});

describe('card testing', () => {
  it('makes an account wait after ten declined payments in an hour, charging nothing', async () => {
    const fan = await person(t);
    for (let i = 0; i < 10; i++)
      expect((await payWithCard(t.app, fan.api, CARDS.declined)).statusCode).toBe(402);
    const res = await payWithCard(t.app, fan.api, CARDS.visa);
    expect([res.statusCode, res.json().message]).toEqual([
      429,
      'Too many declined payments. Try again in 60 minutes, or use another card.',
    ]);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await t.db.$count(payments, eq(payments.userId, fan.user.id))).toBe(10);
    expect(await creditsOf(t.db, fan.user.id)).toBe(0);
  });
});

describe('3-D Secure', () => {
  it('sends the fan to the challenge, and credits only when the provider says so', async () => {
    const fan = await person(t);
    const res = await payWithCard(t.app, fan.api, CARDS.threeDs);
    expect(res.json()).toMatchObject({ three_ds: true, result: 'pending', credits: null });
    const { redirect_url: page, payment_id: id } = res.json();
    expect(page).toMatch(/^\/sandbox\/3ds\/pi_/);
    const challenge = await t.app.inject({ method: 'GET', url: page });
    expect(challenge.body).toContain('Complete authentication');
    // The bank's page shows the charge in its own currency.
    expect(challenge.body).toContain('10.00 USD');
    expect((await fan.api.get(`/v1/payment/${id}`)).json().data.status).toBe('pending');
    expect(await creditsOf(t.db, fan.user.id)).toBe(0);

    const back = await t.app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approve',
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/3ds-callback?3ds=success&paymentType=credits&paymentId=${id}`);
    const done = await eventually(
      () => paymentOf(id),
      (p) => p?.status === 'succeeded',
    );
    expect(done?.status).toBe('succeeded');
    expect(await creditsOf(t.db, fan.user.id)).toBe(120);
  });

  it('fails the payment when the check fails', async () => {
    const fan = await person(t);
    const { redirect_url: page, payment_id: id } = (await payWithCard(t.app, fan.api, CARDS.threeDs)).json();
    const back = await t.app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=fail',
    });
    expect(back.headers.location).toBe(`/3ds-callback?3ds=error&paymentType=credits&paymentId=${id}`);
    const failed = await eventually(
      () => paymentOf(id),
      (p) => p?.status === 'failed',
    );
    expect(failed?.status).toBe('failed');
    expect((await fan.api.get(`/v1/payment/${id}`)).json().data.failure).toBe(
      "Your bank's security check (3-D Secure) was not completed, so nothing was charged. Try again.",
    );
    expect(await creditsOf(t.db, fan.user.id)).toBe(0);
  });
});

describe('what a payment is for', () => {
  it('unlocks the paid message the fan paid for', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { rate: 0 });
    const sent = await creator.api.post('/v1/messages', text(fan.user.id, 'A secret song', { price: 60 }));
    const messageId = sent.json().data._id as string;
    const res = await payWithCard(t.app, fan.api, CARDS.visa, { message_id: messageId });
    expect(res.json()).toMatchObject({ result: 'success', credits: 60 });
    const status = (await fan.api.get(`/v1/payment/${res.json().payment_id}`)).json().data;
    expect(status).toMatchObject({ payment_type: 'message', action_status: 'done', chat_id: chatId });
    expect((await fan.api.get(`/v1/messages?ids=${messageId}`)).json().data[0]).toMatchObject({
      text: 'A secret song',
      paid: true,
    });
    const bought = (await fan.api.get('/v1/message/paid')).json();
    expect(bought).toMatchObject({
      data: [{ message_id: messageId, price: 60, creator: { _id: creator.user.id } }],
      next: null,
    });
  });

  it('sends the tip the fan paid for, once', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { rate: 0 });
    const res = await payWithCard(t.app, fan.api, CARDS.visa, { chat_id: chatId, tip: 50 });
    expect(res.json()).toMatchObject({ result: 'success', credits: 70 });
    const status = (await fan.api.get(`/v1/payment/${res.json().payment_id}`)).json().data;
    expect(status).toMatchObject({ payment_type: 'tip', action_status: 'done', model_id: creator.user.id });
  });

  it("refuses a message that is not the fan's to buy, before any charge", async () => {
    const { fan, creator } = await fanAndCreator(t, { rate: 0 });
    const free = await creator.api.post('/v1/messages', text(fan.user.id, 'hello'));
    const res = await payWithCard(t.app, fan.api, CARDS.visa, { message_id: free.json().data._id });
    expect([res.statusCode, res.json().message]).toEqual([400, 'This message is not for sale.']);
    const stranger = await person(t);
    const paid = await creator.api.post('/v1/messages', text(fan.user.id, 'x', { price: 10 }));
    const theirs = await payWithCard(t.app, stranger.api, CARDS.visa, { message_id: paid.json().data._id });
    expect(theirs.statusCode).toBe(404);
    expect(await t.db.$count(payments, eq(payments.userId, stranger.user.id))).toBe(0);
  });
});

describe('saved cards', () => {
  it('keeps a card only when asked, lists it, pays with it and deletes it', async () => {
    const fan = await person(t);
    await payWithCard(t.app, fan.api, CARDS.visa);
    expect((await fan.api.get('/v1/cc')).json()).toEqual({ data: [] });
    await payWithCard(t.app, fan.api, CARDS.master, { save_card: true });
    const cards = (await fan.api.get('/v1/cc')).json().data;
    expect(cards).toEqual([
      {
        id: expect.any(String),
        brand: 'MASTER',
        last4: '4444',
        exp_month: 12,
        exp_year: new Date().getFullYear() + 2,
      },
    ]);
    const again = await fan.api.post('/v1/payment', {
      amount: 100,
      success_url: '/3ds-callback',
      fail_url: '/3ds-callback',
      browser_info: browserInfo,
      card_id: cards[0].id,
      idempotency_key: 'saved-card',
    });
    expect(again.json()).toMatchObject({ result: 'success', credits: 320 });

    const other = await person(t);
    expect((await other.api.delete('/v1/cc', { id: cards[0].id })).statusCode).toBe(404);
    expect((await fan.api.delete('/v1/cc', { id: cards[0].id })).statusCode).toBe(204);
    expect((await fan.api.get('/v1/cc')).json()).toEqual({ data: [] });
  });
});
