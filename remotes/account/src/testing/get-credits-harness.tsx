import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  cardTokenResponse,
  creditPackagesResponse,
  paymentEnvelope,
  paymentResponse,
  type Payment,
  savedCardsResponse,
  type BackTargetState,
} from '@cove/contracts';
import { fakeHost, testPayment, testUser, type RecordedCall } from '@cove/runtime/testing';
import { renderAccount } from './render-account';

/** Shared setup for the GetCredits test files. */

export const offer = (overrides: Partial<ReturnType<typeof creditPackagesResponse.parse>> = {}) =>
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

export const token = cardTokenResponse.parse({
  token: 'tok_1',
  brand: 'VISA',
  last4: '4242',
  exp_month: 12,
  exp_year: 2040,
});
/** `GET /v1/payment/pay-1`: the payment `paid` made, with what it was for and how that went. */
export const paymentRead = (over: Partial<Payment> = {}) =>
  paymentEnvelope.parse({ data: testPayment(over) });

export const paid = paymentResponse.parse({
  three_ds: false,
  redirect_url: null,
  result: 'success',
  payment_id: 'pay-1',
  credits: 615,
});

/** Answers the page's reads; `pay` answers the payment itself. */
export function renderPage(
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

export async function typeCard(number: string, expiry: string, cvc: string) {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
  await userEvent.type(screen.getByLabelText('CVC'), cvc);
}

export const posts = (calls: RecordedCall[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path);

/** Signs the account in for each test, and cleans up after it. */
export function signedInForEachTest() {
  beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
  afterEach(() => {
    window.localStorage.clear();
    jest.restoreAllMocks();
  });
}
