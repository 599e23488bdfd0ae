import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { subscriptionsPage, type PopupSpec, type Subscription } from '@cove/contracts';
import { formatDate } from '@cove/runtime';
import { failWith, fakeHost, testUser, type RecordedCall } from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

function subscription(n: number, overrides: Partial<Subscription> = {}): Subscription {
  return {
    _id: `s-${n}`,
    status: 'active',
    user: { _id: `c-${n}`, username: `creator${n}`, avatar_url: null },
    price: 99,
    expires_at: '2026-04-04T10:00:00.000Z',
    created_at: '2026-03-05T10:00:00.000Z',
    months: 1,
    trial: false,
    ...overrides,
  };
}

const page = (items: Subscription[], next: string | null = null) =>
  subscriptionsPage.parse({ data: items, next, total: items.length });

function renderSubscriptions(
  respond: (call: RecordedCall) => unknown,
  popupOutcome: (spec: PopupSpec) => { action: 'confirm' } | { action: 'dismiss' } = () => ({
    action: 'confirm',
  }),
) {
  const fake = fakeHost({ user: testUser(), respond, popupOutcome });
  renderAccount('/account/subscriptions', fake.host);
  return fake;
}

beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
afterEach(() => window.localStorage.clear());

const three = [
  subscription(1),
  subscription(2, { status: 'canceled', price: 150, expires_at: '2026-03-20T10:00:00.000Z' }),
  subscription(3, { user: { _id: 'c-3', username: 'creator3', avatar_url: '/media/a3/th.jpg' } }),
];

describe('subscriptions', () => {
  it('lists each creator with the price a month and the status, page by page', async () => {
    const { calls } = renderSubscriptions((call) =>
      call.path === '/v1/subscriptions'
        ? call.query.offset === '20'
          ? page([subscription(4)])
          : page(three, '/v1/subscriptions?limit=20&offset=20')
        : undefined,
    );
    const list = await screen.findByRole('list', { name: 'Your subscriptions' });
    const first = within(list).getByRole('listitem', { name: 'creator1' });
    expect(within(first).getByRole('link', { name: 'creator1' })).toHaveAttribute('href', '/creators/c-1');
    expect(first).toHaveTextContent('$9.90 / month');
    expect(first).toHaveTextContent(`Active — renews on ${formatDate('2026-04-04T10:00:00.000Z')}`);
    const second = within(list).getByRole('listitem', { name: 'creator2' });
    expect(second).toHaveTextContent('$15.00 / month');
    expect(second).toHaveTextContent(`Canceled — access until ${formatDate('2026-03-20T10:00:00.000Z')}`);
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: '/v1/subscriptions',
      query: { limit: '20', offset: '0' },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('listitem', { name: 'creator4' })).toBeInTheDocument();
  });

  it('toggles edit mode, clearing the selection, and selects all active subscriptions only', async () => {
    renderSubscriptions((call) => (call.path === '/v1/subscriptions' ? page(three) : undefined));
    await screen.findByRole('list', { name: 'Your subscriptions' });
    expect(screen.queryByRole('checkbox')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const cancel = screen.getByRole('button', { name: /Cancel subscriptions/ });
    expect(cancel).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select creator2' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select creator1' }));
    expect(screen.getByRole('checkbox', { name: 'Select creator1' })).toBeChecked();
    expect(cancel).toHaveTextContent('Cancel subscriptions (1)');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select creator1' }));
    expect(screen.getByRole('checkbox', { name: 'Select creator1' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'Select creator1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select creator2' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select creator3' })).toBeChecked();

    // Leaving and coming back to edit mode starts with nothing selected.
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked)).toEqual([]);
  });

  it('cancels the selected subscriptions after a confirmation, then leaves edit mode', async () => {
    let canceled = false;
    const { calls, popups } = renderSubscriptions((call) => {
      if (call.method === 'DELETE') {
        canceled = true;
        return { canceled: 2 };
      }
      if (call.path === '/v1/subscriptions')
        return page(canceled ? three.map((s) => ({ ...s, status: 'canceled' as const })) : three);
      return undefined;
    });
    await screen.findByRole('list', { name: 'Your subscriptions' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscriptions (2)' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Canceled 2 subscriptions');
    expect(popups).toEqual([
      expect.objectContaining({ kind: 'generic', confirmLabel: 'Cancel subscriptions' }),
    ]);
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
      path: '/v1/subscriptions',
      query: { ids: 'c-1,c-3' },
    });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'creator1' })).toHaveTextContent('Canceled — access until'),
    );
  });

  it('keeps everything as it was when the confirmation is dismissed or the server refuses', async () => {
    let refuse = false;
    const { calls } = renderSubscriptions(
      (call) => {
        if (call.method === 'DELETE') return failWith(404, 'Subscription not found');
        return call.path === '/v1/subscriptions' ? page(three) : undefined;
      },
      () => (refuse ? { action: 'confirm' } : { action: 'dismiss' }),
    );
    await screen.findByRole('list', { name: 'Your subscriptions' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select creator3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscriptions (1)' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(screen.getByRole('checkbox', { name: 'Select creator3' })).toBeChecked();

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscriptions (1)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Subscription not found');
    expect(screen.getByRole('checkbox', { name: 'Select creator3' })).toBeChecked();
  });

  it('points to discover when there are none', async () => {
    renderSubscriptions(() => page([]));
    expect(await screen.findByRole('heading', { name: 'You have no subscriptions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover creators' })).toHaveAttribute('href', '/discover');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('says when the list cannot be read, with a way to try again', async () => {
    let fail = true;
    renderSubscriptions(() => (fail ? failWith(500, 'Something went wrong') : page([subscription(1)])));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'creator1' })).toBeInTheDocument();
  });
});

describe('the renewal switch', () => {
  it('turns renewal off at once, and on again only after the price is confirmed', async () => {
    let status: Subscription['status'] = 'active';
    const { calls, popups } = renderSubscriptions((call) => {
      if (call.method === 'GET' && call.path === '/v1/subscriptions')
        return page([subscription(1, { status, months: 3 })]);
      if (call.method === 'PATCH') {
        status = (call.body as { renew: boolean }).renew ? 'active' : 'canceled';
        return { data: { _id: 's-1', status, price: 99, expires_at: '2026-04-04T10:00:00.000Z' } };
      }
      return undefined;
    });
    const row = await screen.findByRole('listitem', { name: 'creator1' });
    expect(row).toHaveTextContent('3-month bundle — renews on');
    const renew = within(row).getByRole('switch', { name: "Renew creator1's subscription" });
    expect(renew).toBeChecked();
    await userEvent.click(renew);
    await waitFor(() => expect(within(row).getByRole('switch')).not.toBeChecked());
    expect(row).toHaveTextContent(`Canceled — access until ${formatDate('2026-04-04T10:00:00.000Z')}`);
    expect(popups).toEqual([]);

    await userEvent.click(within(row).getByRole('switch'));
    await waitFor(() => expect(within(row).getByRole('switch')).toBeChecked());
    expect(popups).toEqual([
      expect.objectContaining({
        kind: 'generic',
        sentence: `Turn renewal on? It renews on ${formatDate('2026-04-04T10:00:00.000Z')} for $9.90 a month, until you turn it off.`,
      }),
    ]);
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { renew: false },
      { renew: true, price: 99 },
    ]);
  });
});
