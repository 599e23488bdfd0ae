import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failWith, fakeHost } from '@cove/runtime/testing';
import { aBroadcast, creator, renderScreen, signedIn } from '../testing/broadcast-harness';

signedIn();

describe('recent broadcasts', () => {
  it('lists broadcasts with their funnel and loads more', async () => {
    const fake = renderScreen((call) =>
      call.path === '/v1/broadcast' && call.method === 'GET'
        ? call.query.offset === '20'
          ? { data: [aBroadcast({ _id: 'b-old', text: 'Older one' })], next: null }
          : {
              data: [
                aBroadcast({
                  _id: 'b-2',
                  type: 'image',
                  text: 'Beach set',
                  price: 50,
                  sent: 120,
                  viewed: 80,
                  bought: 12,
                  revenue: 480,
                }),
              ],
              next: '/v1/broadcast?limit=20&offset=20',
            }
        : undefined,
    );
    const list = await screen.findByRole('list', { name: 'Recent broadcasts' });
    const row = within(list).getByRole('listitem', { name: 'Photo: Beach set' });
    expect(row).toHaveTextContent('Sent');
    expect(row).toHaveTextContent('$5.00');
    expect(
      within(row)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['120', '80', '12', '$48.00']);
    expect(fake.calls.find((c) => c.path === '/v1/broadcast')?.query).toEqual({ limit: '20', offset: '0' });

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('listitem', { name: 'Text: Older one' })).toBeInTheDocument();
  });

  it('ticks Bought and Revenue while shown when a fan buys the broadcast', async () => {
    let bought = 1;
    const fake = renderScreen((call) =>
      call.path === '/v1/broadcast' && call.method === 'GET'
        ? {
            data: [
              aBroadcast({
                _id: 'b-3',
                type: 'image',
                text: 'Porto',
                price: 50,
                sent: 10,
                viewed: 5,
                bought,
                revenue: bought * 40,
              }),
            ],
            next: null,
          }
        : undefined,
    );
    const row = await screen.findByRole('listitem', { name: 'Photo: Porto' });
    const figures = () =>
      within(row)
        .getAllByRole('definition')
        .map((d) => d.textContent);
    expect(figures()).toEqual(['10', '5', '1', '$4.00']);
    bought = 2;
    act(() =>
      fake.bus.pushServerEvent({
        type: 'message_paid',
        seq: 1,
        created_at: new Date().toISOString(),
        message_id: '9',
        chat_id: 'c-1',
        destruct_at: null,
      }),
    );
    await waitFor(() => expect(figures()).toEqual(['10', '5', '2', '$8.00']));
  });

  it('says when there are none, and shows a failure with Try again', async () => {
    let fail = true;
    renderScreen((call) =>
      call.path === '/v1/broadcast' && call.method === 'GET' && fail
        ? failWith(500, 'Server trouble')
        : undefined,
    );
    expect(await screen.findByText('Server trouble')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No broadcasts yet' })).toBeInTheDocument();
  });

  it('cancels a scheduled broadcast and unsends a sent one after confirming', async () => {
    let listed = [
      aBroadcast({ _id: 'b-s', status: 'scheduled', text: 'Later', send_at: '2026-12-01T10:00:00.000Z' }),
      aBroadcast({ _id: 'b-t', status: 'sent', text: 'Earlier', sent: 4 }),
    ];
    const fake = renderScreen(
      (call) => {
        if (call.method === 'DELETE' && call.path === '/v1/broadcast/b-s') {
          listed = listed.map((b) => (b._id === 'b-s' ? { ...b, status: 'canceled' } : b));
          return undefined;
        }
        if (call.method === 'POST' && call.path === '/v1/broadcast/b-t/unsend') {
          listed = listed.map((b) => (b._id === 'b-t' ? { ...b, status: 'unsent' } : b));
          return undefined;
        }
        return call.path === '/v1/broadcast' ? { data: listed, next: null } : undefined;
      },
      {
        fake: (respond) => fakeHost({ user: creator, respond, popupOutcome: () => ({ action: 'confirm' }) }),
      },
    );
    const list = await screen.findByRole('list', { name: 'Recent broadcasts' });
    const later = within(list).getByRole('listitem', { name: 'Text: Later' });
    expect(within(later).queryByRole('button', { name: 'Unsend' })).toBeNull();
    await userEvent.click(within(later).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(later).toHaveTextContent('Canceled'));

    const earlier = within(list).getByRole('listitem', { name: 'Text: Earlier' });
    await userEvent.click(within(earlier).getByRole('button', { name: 'Unsend' }));
    await waitFor(() => expect(earlier).toHaveTextContent('Unsent'));
    expect(fake.popups.at(-1)).toMatchObject({ kind: 'generic', confirmLabel: 'Unsend' });
    expect(fake.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /v1/broadcast/b-s',
      'POST /v1/broadcast/b-t/unsend',
    ]);
  });
});
