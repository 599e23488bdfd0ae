import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cryptoTopUpResponse } from '@cove/contracts';
import { browser } from './model/card';
import { offer, posts, renderPage, signedInForEachTest } from '../../testing/get-credits-harness';

signedInForEachTest();

describe('get credits', () => {
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
