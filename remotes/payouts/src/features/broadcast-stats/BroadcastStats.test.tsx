import { act, fireEvent, screen, within } from '@testing-library/react';
import { broadcastsPage, type Broadcast } from '@cove/contracts';
import { failWith } from '@cove/runtime/testing';
import { renderEarnings } from '../../testing/render-payouts';

function broadcast(n: number, overrides: Partial<Broadcast> = {}): Broadcast {
  return {
    _id: `b-${n}`,
    status: 'sent',
    type: 'image',
    text: `New set ${n}`,
    price: 100,
    self_destruct: false,
    category: 'all',
    list_name: null,
    only_chats: null,
    except_chats: null,
    media_items: null,
    send_at: '2026-02-03T18:00:00.000Z',
    sent: 120,
    viewed: 80,
    bought: 12,
    revenue: 960,
    created_at: '2026-02-03T18:00:00.000Z',
    ...overrides,
  };
}

const page = (items: Broadcast[], next: string | null = null) => broadcastsPage.parse({ data: items, next });

describe('broadcast stats', () => {
  it("shows each broadcast's funnel, page by page", async () => {
    renderEarnings('/account/earnings/broadcasts', (call) =>
      call.query.offset === '20'
        ? page([
            broadcast(3, {
              status: 'scheduled',
              text: '',
              type: 'video',
              sent: 0,
              viewed: 0,
              bought: 0,
              revenue: 0,
            }),
          ])
        : page(
            [broadcast(1), broadcast(2, { price: 0, bought: 0, revenue: 0 })],
            '/v1/broadcast?limit=20&offset=20',
          ),
    );
    const list = await screen.findByRole('list', { name: 'Broadcasts' });
    const one = within(list).getByRole('listitem', { name: 'New set 1, Sent' });
    const steps = within(one)
      .getAllByRole('term')
      .map((t) => `${t.textContent} ${t.nextElementSibling?.textContent}`);
    expect(steps).toEqual(['Sent 120', 'Viewed 80 (67%)', 'Bought 12 (10%)', 'Revenue $96.00']);
    expect(one).toHaveTextContent('$10.00 to unlock');
    expect(within(list).getByRole('listitem', { name: 'New set 2, Sent' })).toHaveTextContent('Free');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const three = await within(list).findByRole('listitem', { name: 'Video, Scheduled' });
    expect(three).toHaveTextContent('Viewed0 (0%)');
  });

  it('labels a broadcast the server gave up writing as Failed, with the chats it reached', async () => {
    renderEarnings('/account/earnings/broadcasts', () =>
      page([broadcast(4, { status: 'failed', sent: 30, viewed: 3, bought: 0, revenue: 0 })]),
    );
    const row = await screen.findByRole('listitem', { name: 'New set 4, Failed' });
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getAllByRole('definition')[0]).toHaveTextContent('30');
  });

  it("ticks Bought and Revenue on the open screen when a fan buys the broadcast's message", async () => {
    let server = broadcast(5, { sent: 10, viewed: 4, bought: 1, revenue: 80 });
    const fake = renderEarnings('/account/earnings/broadcasts', () => page([server]));
    const row = await screen.findByRole('listitem', { name: 'New set 5, Sent' });
    const fact = (term: string) => within(row).getByText(term).nextElementSibling;
    expect(fact('Bought')).toHaveTextContent('1 (10%)');

    server = { ...server, viewed: 5, bought: 2, revenue: 160 };
    act(() =>
      fake.bus.pushServerEvent({
        type: 'message_paid',
        seq: 1,
        created_at: '2026-02-03T19:00:00.000Z',
        message_id: '42',
        chat_id: 'c-1',
        destruct_at: null,
      }),
    );
    expect(await within(row).findByText('2 (20%)')).toBeInTheDocument();
    expect(fact('Revenue')).toHaveTextContent('$16.00');
    expect(fact('Viewed')).toHaveTextContent('5 (50%)');
  });

  it('counts a view when a fan reads the broadcast, not when the creator reads', async () => {
    let server = broadcast(6, { sent: 10, viewed: 4, bought: 0, revenue: 0 });
    const fake = renderEarnings('/account/earnings/broadcasts', () => page([server]));
    const row = await screen.findByRole('listitem', { name: 'New set 6, Sent' });
    const reads = () => fake.calls.filter((c) => c.path === '/v1/broadcast').length;
    const before = reads();
    const me = fake.session.user?._id ?? '';
    const read = (reader_id: string, seq: number) =>
      act(() =>
        fake.bus.pushServerEvent({
          type: 'message_read',
          seq,
          created_at: '2026-02-03T19:00:00.000Z',
          chat_id: 'c-1',
          reader_id,
          read_at: '2026-02-03T19:00:00.000Z',
        }),
      );
    read(me, 1);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(reads()).toBe(before);
    server = { ...server, viewed: 5 };
    read('u-fan', 2);
    expect(await within(row).findByText('5 (50%)')).toBeInTheDocument();
  });

  it('explains an empty list', async () => {
    renderEarnings('/account/earnings/broadcasts', () => page([]));
    expect(await screen.findByRole('heading', { name: 'No broadcasts yet' })).toBeInTheDocument();
  });

  it('shows a failed read with a retry', async () => {
    renderEarnings('/account/earnings/broadcasts', () =>
      failWith(500, 'Something went wrong. Please try again.'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});
