import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { savedCardsResponse, type PopupOutcome } from '@cove/contracts';
import { failWith, fakeHost, testUser, type RecordedCall } from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

const twoCards = savedCardsResponse.parse({
  data: [
    { id: 'cc-1', brand: 'VISA', last4: '4242', exp_month: 4, exp_year: 2028 },
    { id: 'cc-2', brand: 'MASTER', last4: '4444', exp_month: 11, exp_year: 2030 },
  ],
});

function renderCards(respond: (call: RecordedCall) => unknown, confirm: PopupOutcome['action'] = 'confirm') {
  const fake = fakeHost({
    user: testUser(),
    respond,
    popupOutcome: () => (confirm === 'confirm' ? { action: 'confirm' } : { action: confirm }),
  });
  renderAccount('/account/cards', fake.host);
  return fake;
}

beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
afterEach(() => window.localStorage.clear());

describe('saved cards', () => {
  it('lists each card by brand, last digits and expiry', async () => {
    const { calls } = renderCards(() => twoCards);
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    const visa = within(list).getByRole('listitem', { name: 'Visa •••• 4242' });
    expect(visa).toHaveTextContent('Expires 04/28');
    expect(within(list).getByRole('listitem', { name: 'Mastercard •••• 4444' })).toHaveTextContent(
      'Expires 11/30',
    );
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/v1/cc' });
  });

  it('deletes a card once the person confirms, and takes it off the list', async () => {
    let deleted = false;
    const { calls, popups } = renderCards((call) => {
      if (call.method === 'DELETE') {
        deleted = true;
        return undefined; // 204
      }
      return deleted ? { data: twoCards.data.slice(1) } : twoCards;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Visa •••• 4242' }));
    expect(popups).toEqual([{ kind: 'confirm-delete-media', target: 'card' }]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Visa •••• 4242' })).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')).toEqual({
      method: 'DELETE',
      path: '/v1/cc',
      query: {},
      body: { id: 'cc-1' },
    });
    expect(screen.getByRole('listitem', { name: 'Mastercard •••• 4444' })).toBeInTheDocument();
  });

  it('keeps the card when the confirmation is dismissed', async () => {
    const { calls, popups } = renderCards(() => twoCards, 'dismiss');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Visa •••• 4242' }));
    await waitFor(() => expect(popups).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(screen.getByRole('listitem', { name: 'Visa •••• 4242' })).toBeInTheDocument();
  });

  it('says why a delete failed', async () => {
    renderCards((call) => (call.method === 'DELETE' ? failWith(404, 'Card not found') : twoCards));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Visa •••• 4242' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Card not found');
    expect(screen.getByRole('listitem', { name: 'Visa •••• 4242' })).toBeInTheDocument();
  });

  it('has an empty state leading to get credits', async () => {
    renderCards(() => ({ data: [] }));
    const region = await screen.findByRole('region', { name: 'Saved cards' });
    expect(await within(region).findByRole('heading', { name: 'No saved cards' })).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Get credits' })).toHaveAttribute(
      'href',
      '/account/get-credits',
    );
  });

  it('shows a failed read with a retry', async () => {
    let fail = true;
    renderCards(() => (fail ? failWith(400, 'Could not read your cards') : twoCards));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not read your cards');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Saved cards' })).toBeInTheDocument();
  });
});
