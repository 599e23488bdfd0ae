import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  cardTokenResponse,
  creditPackagesResponse,
  cryptoTopUpResponse,
  paymentBody,
  paymentEnvelope,
  paymentResponse,
  type Payment,
  savedCardsResponse,
  type BackTargetState,
} from '@cove/contracts';
import {
  failWith,
  fakeHost,
  http,
  HttpResponse,
  networkFailure,
  testOrigin,
  testPayment,
  testServer,
  testUser,
  type RecordedCall,
} from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';
import { browser } from './model/card';

const offer = (overrides: Partial<ReturnType<typeof creditPackagesResponse.parse>> = {}) =>
  creditPackagesResponse.parse({
    data: [
      { amount: 100, bonus: 0, popular: false },
      { amount: 250, bonus: 25, popular: true },
      { amount: 500, bonus: 75, popular: false },
    ],
    provider: {
      name: 'sandbox',
      tokenize_url: '/sandbox/v1/tokens',
      test_cards: [
        { number: '4242424242424242', outcome: 'succeeds' },
        { number: '4000000000000002', outcome: 'declined' },
      ],
    },
    first_purchase_bonus: 20,
    crypto: false,
    ...overrides,
  });

const token = cardTokenResponse.parse({
  token: 'tok_1',
  brand: 'VISA',
  last4: '4242',
  exp_month: 12,
  exp_year: 2040,
});
/** `GET /v1/payment/pay-1`: the payment `paid` made, with what it was for and how that went. */
const paymentRead = (over: Partial<Payment> = {}) => paymentEnvelope.parse({ data: testPayment(over) });

const paid = paymentResponse.parse({
  three_ds: false,
  redirect_url: null,
  result: 'success',
  payment_id: 'pay-1',
  credits: 615,
});

/** Answers the page's reads; `pay` answers the payment itself. */
function renderPage(
  opts: {
    pay?: (call: RecordedCall) => unknown;
    state?: BackTargetState;
    cards?: unknown;
    offer?: unknown;
  } = {},
) {
  const fake = fakeHost({
    user: testUser(),
    respond: (call) => {
      if (call.path === '/v1/payment/packages') return opts.offer ?? offer();
      if (call.path === '/v1/cc') return opts.cards ?? savedCardsResponse.parse({ data: [] });
      if (call.path === '/sandbox/v1/tokens') return token;
      return opts.pay?.(call);
    },
  });
  renderAccount('/account/get-credits', fake.host, opts.state);
  return fake;
}

async function typeCard(number: string, expiry: string, cvc: string) {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
  await userEvent.type(screen.getByLabelText('CVC'), cvc);
}

const posts = (calls: RecordedCall[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path);

beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
afterEach(() => {
  window.localStorage.clear();
  jest.restoreAllMocks();
});

describe('get credits', () => {
  it('shows the packages as a radio group with prices, credits, bonus and the popular one chosen', async () => {
    renderPage();
    const group = await screen.findByRole('group', { name: 'Choose a package' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    const popular = within(group).getByRole('radio', { name: /\$25\.00/ });
    expect(popular).toBeChecked();
    expect(popular.closest('label')).toHaveTextContent(
      '$25.00250 credits + 25 bonus, worth $2.50Most popular',
    );
    expect(
      within(group).getByText('First purchase: 20 credits ($2.00) extra on top of any package.'),
    ).toBeInTheDocument();
    // Arrow keys move the choice, as in any radio group.
    popular.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(group).getByRole('radio', { name: /\$50\.00/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $50.00' })).toBeInTheDocument();
  });

  it('pays for the chosen package with a new card, carrying the back-target, and says so in place', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = renderPage({
      state: { backTo: '/chats/c-9', purchase: { model_id: 'c-9', chat_id: 'ch-1', message_id: 'm-7' } },
      pay: async (call) => {
        if (call.path === '/v1/payment/pay-1') return paymentRead();
        if (call.path !== '/v1/payment') return undefined;
        await held;
        return paid;
      },
    });
    expect(await screen.findByText('After paying, the message unlocks.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('radio', { name: /\$50\.00/ }));
    await typeCard('4242424242424242', '1240', '123');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/40');
    expect(screen.getByText('Visa')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Save this card' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay $50.00' }));

    const paying = await screen.findByRole('button', { name: 'Paying…' });
    expect(paying).toBeDisabled();
    await waitFor(() => expect(posts(calls, '/v1/payment')).toHaveLength(1));
    expect(posts(calls, '/sandbox/v1/tokens')[0]?.body).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2040,
      cvc: '123',
    });
    const body = posts(calls, '/v1/payment')[0]?.body;
    expect(paymentBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      amount: 500,
      card_token: 'tok_1',
      save_card: true,
      model_id: 'c-9',
      chat_id: 'ch-1',
      message_id: 'm-7',
      success_url:
        '/3ds-callback?3ds=success&paymentType=message&modelId=c-9&amount=500&chatId=ch-1&messageId=m-7&feedId=',
      fail_url:
        '/3ds-callback?3ds=error&paymentType=message&modelId=c-9&amount=500&chatId=ch-1&messageId=m-7&feedId=',
      browser_info: { java_enabled: false, time_zone_offset: new Date().getTimezoneOffset() },
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(body).not.toHaveProperty('card_id');

    release();
    const done = await screen.findByRole('status');
    expect(
      within(done).getByRole('heading', { name: 'Payment complete — 595 credits ($59.50) added' }),
    ).toBeInTheDocument();
    expect(done).toHaveTextContent('Your balance is now $61.50.');
    await within(done).findByText('The message is unlocked.');
    expect(within(done).getByRole('link', { name: 'Back to the chat' })).toHaveAttribute(
      'href',
      '/chats/c-9',
    );
  });

  it('never sends Cove’s access token to the card processor', async () => {
    const seen: (string | null)[] = [];
    const { calls } = renderPage({ pay: (call) => (call.path === '/v1/payment' ? paid : undefined) });
    testServer.use(
      http.post(`${testOrigin}/sandbox/v1/tokens`, ({ request }) => {
        seen.push(request.headers.get('access-token'));
        return HttpResponse.json(token);
      }),
    );
    await typeCard('4242424242424242', '1240', '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    await screen.findByRole('heading', { name: /Payment complete/ });
    expect(seen).toEqual([null]);
    expect(posts(calls, '/v1/payment')[0]?.body).toMatchObject({ card_token: 'tok_1', save_card: false });
  });

  it('sends the browser to the card check when the answer asks for 3-D Secure', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderPage({
      pay: (call) =>
        call.path === '/v1/payment'
          ? { ...paid, three_ds: true, redirect_url: '/sandbox/3ds/pay-1', result: 'pending', credits: null }
          : undefined,
    });
    await typeCard('4242424242424242', '1240', '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/3ds/pay-1'));
    expect(screen.getByRole('button', { name: 'Paying…' })).toBeDisabled();
  });

  it('says why a declined card was refused, next to the form', async () => {
    renderPage({
      pay: (call) =>
        call.path === '/v1/payment'
          ? failWith(402, 'Your card was declined. Try another card.', { code: 'card_declined' })
          : undefined,
    });
    await typeCard('4000000000000002', '1240', '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined. Try another card.');
    expect(screen.getByRole('button', { name: 'Pay $25.00' })).toBeEnabled();
  });

  it('shows the processor’s refusal of a card number', async () => {
    const { calls } = renderPage();
    testServer.use(
      http.post(`${testOrigin}/sandbox/v1/tokens`, () =>
        HttpResponse.json(
          { code: 'card_invalid', message: 'The card number is not valid.' },
          { status: 400 },
        ),
      ),
    );
    await typeCard('4242424242424242', '1240', '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The card number is not valid.');
    expect(posts(calls, '/v1/payment')).toEqual([]);
  });

  it('refuses an expired card and empty fields before sending anything', async () => {
    const { calls } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $25.00' }));
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
      'Required field cannot be blank',
    );
    expect(screen.getByLabelText('CVC')).toHaveAccessibleDescription('Required field cannot be blank');
    expect(screen.getByLabelText('Card number')).toHaveFocus();

    await typeCard('4242424242424242', '0120', '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    const expiry = screen.getByLabelText('Expiry (MM/YY)');
    expect(expiry).toHaveAccessibleDescription('Credit / debit card expired');
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('takes Visa and Mastercard only, and checks the number', async () => {
    const { calls } = renderPage();
    const number = await screen.findByLabelText('Card number');
    await userEvent.type(number, '5555555555554444');
    expect(screen.getByText('Mastercard')).toBeInTheDocument();
    await userEvent.clear(number);
    await userEvent.type(number, '6011111111111117');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1240');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(number).toHaveAccessibleDescription('Only Visa and Mastercard are accepted.');
    await userEvent.clear(number);
    await userEvent.type(number, '4242424242424241');
    expect(number).toHaveAccessibleDescription('This card number is not valid. Check it and try again.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('lists the sandbox’s test cards and fills one in', async () => {
    renderPage();
    await userEvent.click(await screen.findByText('Test cards'));
    expect(screen.getByText('declined')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use 4000 0000 0000 0002' }));
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
  });

  it('pays with a saved card without asking for a new one', async () => {
    const { calls } = renderPage({
      cards: savedCardsResponse.parse({
        data: [{ id: 'cc-1', brand: 'MASTER', last4: '4444', exp_month: 3, exp_year: 2031 }],
      }),
      pay: (call) => (call.path === '/v1/payment' ? paid : undefined),
    });
    const saved = await screen.findByRole('radio', { name: 'Mastercard •••• 4444, expires 03/31' });
    expect(saved).toBeChecked();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    await screen.findByRole('heading', { name: /Payment complete/ });
    const body = posts(calls, '/v1/payment')[0]?.body;
    expect(body).toMatchObject({ amount: 250, card_id: 'cc-1', save_card: false });
    expect(body).not.toHaveProperty('card_token');
    expect(posts(calls, '/sandbox/v1/tokens')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Buy more credits' }));
    await userEvent.click(screen.getByRole('radio', { name: 'A new card' }));
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
  });

  it('comes back from "Try again" with the package and card of the failed payment, for the post it was for', async () => {
    const { calls } = renderPage({
      state: {
        backTo: '/creators/c-9?post=p-1',
        purchase: { model_id: 'c-9', feed_id: 'p-1' },
        retry: { amount: 500, card_id: 'cc-2' },
      },
      cards: savedCardsResponse.parse({
        data: [
          { id: 'cc-1', brand: 'MASTER', last4: '4444', exp_month: 3, exp_year: 2031 },
          { id: 'cc-2', brand: 'VISA', last4: '3220', exp_month: 5, exp_year: 2032 },
        ],
      }),
      pay: (call) => {
        if (call.path === '/v1/payment') return paid;
        // The post's price went up while the fan was paying: the credits stay, and the page says so.
        return call.path === '/v1/payment/pay-1'
          ? paymentRead({
              payment_type: 'post',
              chat_id: null,
              message_id: null,
              feed_id: 'p-1',
              action_status: 'failed',
              action_error:
                'The price changed from $4.00 to $6.00 before the payment landed, so nothing was bought.',
            })
          : undefined;
      },
    });
    expect(await screen.findByText('After paying, the post unlocks.')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Visa •••• 3220, expires 05/32' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Mastercard •••• 4444, expires 03/31' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /\$50\.00/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Back to the post' })).toHaveAttribute(
      'href',
      '/creators/c-9?post=p-1',
    );
    expect(screen.queryByText('Back to the chat')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    await screen.findByRole('heading', { name: /Payment complete/ });
    expect(posts(calls, '/v1/payment')[0]?.body).toMatchObject({
      amount: 500,
      card_id: 'cc-2',
      model_id: 'c-9',
      feed_id: 'p-1',
      success_url:
        '/3ds-callback?3ds=success&paymentType=post&modelId=c-9&amount=500&chatId=&messageId=&feedId=p-1',
    });
    expect(
      await screen.findByText(
        'The post could not be unlocked: The price changed from $4.00 to $6.00 before the payment landed, so nothing was bought. The credits are in your balance.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('The post is unlocked.')).toBeNull();
  });

  it('comes back from "Try again" after a new card with the package and the new-card form', async () => {
    renderPage({
      state: {
        backTo: '/creators/c-9',
        purchase: { model_id: 'c-9', subscribe: true },
        retry: { amount: 100, card_id: null },
      },
      cards: savedCardsResponse.parse({
        data: [{ id: 'cc-1', brand: 'MASTER', last4: '4444', exp_month: 3, exp_year: 2031 }],
      }),
    });
    expect(await screen.findByText('After paying, your subscription starts.')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'A new card' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /\$10\.00/ })).toBeChecked();
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the profile' })).toHaveAttribute(
      'href',
      '/creators/c-9',
    );
  });

  it('retries a payment lost to the network as the same attempt, and a new one afterwards as a new attempt', async () => {
    let fail = true;
    const { calls } = renderPage({
      pay: (call) => {
        if (call.path !== '/v1/payment') return undefined;
        if (fail) return networkFailure();
        return paid;
      },
    });
    await typeCard('4242424242424242', '1240', '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    await screen.findByRole('heading', { name: /Payment complete/ });
    const [first, second] = posts(calls, '/v1/payment').map(
      (c) => (c.body as { idempotency_key: string }).idempotency_key,
    );
    expect(second).toBe(first);
    expect(posts(calls, '/sandbox/v1/tokens')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Buy more credits' }));
    await typeCard('4242424242424242', '1240', '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    await screen.findByRole('heading', { name: /Payment complete/ });
    const third = (posts(calls, '/v1/payment')[2]?.body as { idempotency_key: string }).idempotency_key;
    expect(third).not.toBe(first);
  });

  it('offers crypto only when allowed, and goes to the provider’s invoice', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { calls } = renderPage({
      offer: offer({ crypto: true }),
      state: { backTo: '/chats/c-9', purchase: { model_id: 'c-9', chat_id: 'ch-1', tip: 50 } },
      pay: (call) =>
        call.path === '/v1/payment/crypto'
          ? cryptoTopUpResponse.parse({ redirect_url: '/sandbox/invoice/1', payment_id: 'pay-2' })
          : undefined,
    });
    expect(await screen.findByText('After paying, your tip of $5.00 is sent.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with crypto' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/invoice/1'));
    expect(posts(calls, '/v1/payment/crypto')[0]?.body).toEqual({
      amount: 250,
      idempotency_key: expect.any(String),
    });
  });

  it('has no crypto option when the account may not use it', async () => {
    renderPage();
    await screen.findByRole('group', { name: 'Choose a package' });
    expect(screen.queryByRole('button', { name: 'Pay with crypto' })).toBeNull();
  });
});
