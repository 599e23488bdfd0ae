import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { savedCardsResponse } from '@cove/contracts';
import { paid, paymentRead, renderPage, signedInForEachTest } from '../../testing/get-credits-harness';

signedInForEachTest();

const savedCard = savedCardsResponse.parse({
  data: [{ id: 'cc-2', brand: 'VISA', last4: '4242', exp_month: 5, exp_year: 2032 }],
});

/** A tip on post p-1 of creator c-9, paid in place with a saved card; `action` is how the tip went. */
function payForTip(action: Record<string, unknown>) {
  const fake = renderPage({
    state: {
      backTo: '/creators/c-9?post=p-1',
      purchase: { model_id: 'c-9', tip_post: { feed_id: 'p-1', amount: 30, message: 'Bravo' } },
    },
    cards: savedCard,
    pay: (call) => {
      if (call.path === '/v1/payment') return paid;
      return call.path === '/v1/payment/pay-1'
        ? paymentRead({
            payment_type: 'post_tip',
            chat_id: null,
            message_id: null,
            feed_id: 'p-1',
            tip: 30,
            tip_message: 'Bravo',
            ...action,
          })
        : undefined;
    },
  });
  return fake;
}

describe('get credits, paid in place', () => {
  it('sends the tip on the post, says so, and goes back to the post by itself', async () => {
    const { calls, navigations } = payForTip({ action_status: 'done' });
    expect(
      await screen.findByText('After paying, your tip of $3.00 on the post is sent.'),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /^Pay / }));
    const done = await screen.findByRole('status');
    await within(done).findByText('Your tip was sent.');
    expect(within(done).getByText('Taking you back…')).toBeInTheDocument();
    // "Back to the post" stays, for a fan who does not wait.
    expect(within(done).getByRole('link', { name: 'Back to the post' })).toHaveAttribute(
      'href',
      '/creators/c-9?post=p-1',
    );
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/payment')?.body).toMatchObject({
      model_id: 'c-9',
      tip_post: { feed_id: 'p-1', amount: 30, message: 'Bravo' },
    });
    await waitFor(() => expect(navigations).toEqual(['/creators/c-9?post=p-1']), { timeout: 3000 });
  });

  it('stays to say why when what was paid for could not be done', async () => {
    const { navigations } = payForTip({ action_status: 'failed', action_error: 'Post not found' });
    await userEvent.click(await screen.findByRole('button', { name: /^Pay / }));
    await screen.findByText('Your tip could not be sent: Post not found. The credits are in your balance.');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(navigations).toEqual([]);
    expect(screen.queryByText('Taking you back…')).toBeNull();
  });
});
