import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paymentBody, savedCardsResponse } from '@cove/contracts';
import { failWith, http, HttpResponse, testOrigin, testServer } from '@cove/runtime/testing';
import { browser } from './model/card';
import {
  paid,
  paymentRead,
  posts,
  renderPage,
  signedInForEachTest,
  token,
  typeCard,
} from '../../testing/get-credits-harness';

signedInForEachTest();

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
});
