import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failWith, testUser } from '@cove/runtime/testing';
import { now, chat, openChat, thread, mine, signedIn } from '../testing/conversation-harness';

signedIn();

describe('tips, blocks, notes and rates', () => {
  it('lets a fan tip the creator one of the usual amounts', async () => {
    const fake = openChat({
      respond: ({ path }) =>
        path === '/v1/messages/tip'
          ? {
              data: mine({
                _id: '9',
                type: 'tip_user',
                system: true,
                text: '',
                notice: { kind: 'tip', amount: 50 },
              }),
              credits: 200,
            }
          : undefined,
    });
    fake.session.credits = 60;
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'Tip' }));
    await userEvent.click(screen.getByRole('radio', { name: '$5.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tip $5.00' }));
    expect(await screen.findByText('You tipped $5.00.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/v1/messages/tip')?.body).toMatchObject({
      chat_id: 'c-u-2',
      amount: 50,
    });
  });

  it('offers credits for a tip the fan cannot pay, carrying the tip to the payment', async () => {
    const fake = openChat({
      respond: ({ path }) =>
        path === '/v1/messages/tip'
          ? failWith(402, 'You have no credits.', { code: 'not_enough_credits' })
          : undefined,
    });
    fake.session.credits = 60;
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'Tip' }));
    await userEvent.click(screen.getByRole('radio', { name: '$5.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tip $5.00' }));
    await waitFor(() =>
      expect(fake.popups).toContainEqual({
        kind: 'not-enough-credits',
        message: 'You have no credits.',
        backTo: '/chats/u-2',
        purchase: { model_id: 'u-2', chat_id: 'c-u-2', tip: 50 },
      }),
    );
  });

  it('offers Unblock for someone I blocked, after a reload too, and Block once confirmed', async () => {
    const fake = openChat({
      user: testUser({ _id: 'u-1', type: 'featured' }),
      chat: chat({ blocked: true }),
      confirm: true,
    });
    await thread();
    // In place of the composer: what the block means, and the way back.
    expect(screen.getByText('You blocked maya. Neither of you can send messages here.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /message/i })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Options' }));
    expect(screen.queryByRole('menuitem', { name: 'Block' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unblock' }));
    expect(await screen.findByText('Unblocked.')).toBeInTheDocument();
    // Unblocking loses nothing: it asks nothing.
    expect(fake.popups).toEqual([]);
    expect(fake.calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: '/v1/users/u-2/block' }),
    );
    const options = screen.getByRole('button', { name: 'Options' });
    await userEvent.click(options);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block' }));
    expect(await screen.findByText('Blocked: neither of you can send messages now.')).toBeInTheDocument();
    expect(fake.popups).toEqual([{ kind: 'confirm-block', name: 'maya', as: 'creator' }]);
    expect(fake.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/v1/users/u-2/block' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Options' }));
    expect(screen.getByRole('menuitem', { name: 'Unblock' })).toBeInTheDocument();
  });

  it('blocks nobody when the confirm is called off, and keeps focus on Options', async () => {
    const fake = openChat({ user: testUser({ _id: 'u-1', type: 'featured' }) });
    await thread();
    const options = screen.getByRole('button', { name: 'Options' });
    await userEvent.click(options);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block' }));
    await waitFor(() =>
      expect(fake.popups).toEqual([{ kind: 'confirm-block', name: 'maya', as: 'creator' }]),
    );
    expect(fake.calls.some((c) => c.path === '/v1/users/u-2/block')).toBe(false);
    expect(options).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /message/i })).toBeInTheDocument();
  });

  it('shows a fan a creator blocked a closed chat: no composer, no Tip, and why', async () => {
    openChat({ chat: chat({ blocked_by_other: true }) });
    await thread();
    expect(screen.getByText('You can’t message maya: they have blocked you.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /message/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tip' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('offers Unhide on a hidden chat, and brings it back without asking', async () => {
    const fake = openChat({ chat: chat({ hidden: true }) });
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'Options' }));
    expect(screen.queryByRole('menuitem', { name: 'Hide chat' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unhide chat' }));
    expect(await screen.findByText('Back in your inbox.')).toBeInTheDocument();
    expect(fake.popups).toEqual([]);
    expect(fake.calls.find((c) => c.method === 'PATCH' && c.path === '/v1/chats')?.body).toEqual({
      action: 'unhide',
      ids: 'c-u-2',
    });
  });

  it('gives a creator notes and a rate for the chat', async () => {
    const note = { id: 'n1', note: 'Likes jazz', created_at: now, updated_at: now };
    const fake = openChat({
      user: testUser({ _id: 'u-1', type: 'featured' }),
      respond: ({ path }) => (path === '/v1/chats/note' ? { data: note } : undefined),
    });
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'Options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Notes' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'New note' }), 'Likes jazz');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.path === '/v1/chats/note')?.body).toEqual({
        id: 'c-u-2',
        note: 'Likes jazz',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Change rate' }));
    const rate = screen.getByRole('spinbutton', { name: 'New rate ($)' });
    expect(rate).toHaveFocus();
    await userEvent.clear(rate);
    await userEvent.type(rate, '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Change rate' }));
    expect(await screen.findByText(/The new rate applies to their next message\./)).toHaveAttribute(
      'role',
      'status',
    );
    expect(fake.calls.find((c) => c.path === '/v1/chats/change-rate')?.body).toEqual({
      chat_id: 'c-u-2',
      rate: 25,
    });
    expect(screen.queryByRole('spinbutton', { name: 'New rate ($)' })).toBeNull();
  });
});
