import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Notification, notificationsPage } from '@cove/contracts';
import { fakeHost, type RecordedCall, testUser } from '@cove/runtime/testing';
import { MemoryRouter, Route, Routes } from '@cove/router';
import App from '../../App';

const fan = { _id: 'u-fan', username: 'alex-fan', avatar_url: null };

function record(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'tip',
    actor: fan,
    amount: 25,
    count: 1,
    chat_id: 'c-1',
    post_id: null,
    detail: null,
    url: '/chats/u-fan',
    read: false,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

const page = (data: Notification[], next: string | null, unread: number) =>
  notificationsPage.parse({ data, next, unread });

function renderCentre(respond: (call: RecordedCall) => unknown) {
  const fake = fakeHost({ user: testUser(), respond });
  render(
    <MemoryRouter initialEntries={['/notifications']}>
      <Routes>
        <Route path="/notifications/*" element={<App host={fake.host} />} />
      </Routes>
    </MemoryRouter>,
  );
  return fake;
}

beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
afterEach(() => window.localStorage.clear());

const first = [
  record('n-1'),
  record('n-2', { kind: 'payout', actor: null, amount: 1250, read: true, url: '/account/earnings/payouts' }),
];

describe('the notifications centre', () => {
  it('lists records in their one wording, with dollars, time and unread in words, page by page', async () => {
    const { calls } = renderCentre((call) =>
      call.path === '/v1/notifications'
        ? call.query.before === 'n-2'
          ? page([record('n-3', { kind: 'new_follower', read: true })], null, 1)
          : page(first, 'n-2', 1)
        : undefined,
    );
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const tip = within(list).getByRole('button', { name: /alex-fan tipped you \$2\.50\./ });
    expect(tip).toHaveTextContent('5 minutes ago');
    expect(tip).toHaveTextContent('New, unread');
    const payout = within(list).getByRole('button', { name: /\$125\.00 is on its way to you\./ });
    expect(payout).not.toHaveTextContent('New');
    expect(screen.getByRole('heading', { name: '1 unread' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('button', { name: /alex-fan followed you\./ })).toBeInTheDocument();
    expect(calls.map((c) => c.query.before ?? null)).toEqual([null, 'n-2']);
  });

  it('opens a record: reads it and goes to its page', async () => {
    const fake = renderCentre((call) =>
      call.path === '/v1/notifications'
        ? page(first, null, 1)
        : call.path === '/v1/notifications/read'
          ? { unread: 0 }
          : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: /alex-fan tipped you/ }));
    expect(fake.navigations).toEqual(['/chats/u-fan']);
    await waitFor(() =>
      expect(fake.calls.find((c) => c.path === '/v1/notifications/read')?.body).toEqual({ ids: ['n-1'] }),
    );
    expect(await screen.findByRole('heading', { name: 'All caught up' })).toBeInTheDocument();
  });

  it('marks all as read, then has nothing left to mark', async () => {
    const fake = renderCentre((call) =>
      call.path === '/v1/notifications'
        ? page([record('n-1'), record('n-4', { kind: 'new_subscriber', amount: 99 })], null, 2)
        : { unread: 0 },
    );
    const button = await screen.findByRole('button', { name: 'Mark all as read' });
    await userEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'All caught up' })).toBeInTheDocument();
    expect(screen.queryByText('New')).not.toBeInTheDocument();
    expect(button).toBeDisabled();
    expect(fake.calls.at(-1)?.body).toEqual({ all: true });
  });

  it('says so when marking all fails, and keeps the records unread', async () => {
    renderCentre((call) =>
      call.path === '/v1/notifications'
        ? page([record('n-1')], null, 1)
        : new Response(JSON.stringify({ code: 'internal_error', message: 'x' }), { status: 500 }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 unread' })).toBeInTheDocument();
  });

  it('puts a new record at the top live, and a gathered one moves up counted once', async () => {
    const fake = renderCentre((call) =>
      call.path === '/v1/notifications' ? page(first, null, 1) : undefined,
    );
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const message = record('n-9', {
      kind: 'message',
      detail: 'Hi there',
      actor: { ...fan, username: 'sam' },
    });
    const top = () => within(list).getAllByRole('button')[0];
    act(() =>
      fake.bus.pushServerEvent({ type: 'notification', notification: message, seq: 1, created_at: '' }),
    );
    await waitFor(() => expect(top()).toHaveAccessibleName(/sam Hi there/));
    expect(screen.getByRole('heading', { name: '2 unread' })).toBeInTheDocument();
    act(() =>
      fake.bus.pushServerEvent({
        type: 'notification',
        notification: { ...message, count: 3 },
        seq: 2,
        created_at: '',
      }),
    );
    await waitFor(() => expect(top()).toHaveAccessibleName(/sam Sent you 3 messages/));
    expect(within(list).getAllByRole('button')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: '2 unread' })).toBeInTheDocument();
    // Read everywhere on another device.
    act(() => fake.bus.pushServerEvent({ type: 'notifications_read', unread: 0, seq: 3, created_at: '' }));
    expect(await screen.findByRole('heading', { name: 'All caught up' })).toBeInTheDocument();
    expect(within(list).queryByText('New')).not.toBeInTheDocument();
  });

  it('shows an empty state, and an error with a retry', async () => {
    let fail = true;
    renderCentre((call) =>
      call.path === '/v1/notifications'
        ? fail
          ? new Response(JSON.stringify({ code: 'internal_error', message: 'x' }), { status: 500 })
          : page([], null, 0)
        : undefined,
    );
    const retry = await screen.findByRole('button', { name: /try again/i });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });
});
