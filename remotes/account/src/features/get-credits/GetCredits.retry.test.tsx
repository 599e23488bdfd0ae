import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { savedCardsResponse } from '@cove/contracts';
import { networkFailure } from '@cove/runtime/testing';
import {
  paid,
  paymentRead,
  posts,
  renderPage,
  signedInForEachTest,
  typeCard,
} from '../../testing/get-credits-harness';

signedInForEachTest();

describe('get credits', () => {
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
});
