import type { PaymentResponse } from '@cove/contracts';
import { outcomeOf, type Offer } from './outcome';

const pkg = { amount: 100, bonus: 10, popular: false };
const offer = { first_purchase_bonus: 5 } as Offer;
const answer = (over: Partial<PaymentResponse>): PaymentResponse => ({
  three_ds: false,
  redirect_url: null,
  result: 'success',
  payment_id: 'p1',
  credits: 315,
  ...over,
});

describe('outcomeOf', () => {
  it('adds the package, its bonus and the first-purchase bonus on success', () => {
    expect(outcomeOf(answer({}), pkg, offer)).toEqual({
      kind: 'success',
      added: 115,
      balance: 315,
      paymentId: 'p1',
    });
  });

  it('goes to the card check when the server asks for 3-D Secure', () => {
    const url = 'https://acs.example/check';
    expect(outcomeOf(answer({ three_ds: true, redirect_url: url, result: 'pending' }), pkg, offer)).toEqual({
      kind: 'redirect',
      url,
    });
  });

  it('says when the payment failed or is still pending', () => {
    expect(outcomeOf(answer({ result: 'failed' }), pkg, offer)).toEqual({ kind: 'failed' });
    expect(outcomeOf(answer({ result: 'pending', credits: null }), pkg, offer)).toEqual({ kind: 'pending' });
  });
});
