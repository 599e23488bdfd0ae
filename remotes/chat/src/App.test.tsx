import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fakeHost,
  networkFailure,
  testChat,
  testChatsPage,
  testConfig,
  testMessage,
  testUser,
} from '@cove/runtime/testing';
import type { Chat } from '@cove/contracts';
import { renderChat } from './testing/render-chat';

const now = new Date().toISOString();
const maya = testChat({
  other: { _id: 'u-2', username: 'maya' },
  last_message_text: 'See you tomorrow',
  last_message_time: now,
  unread_messages: 2,
});
const noah = testChat({
  other: { _id: 'u-3', username: 'noah' },
  last_message_text: 'Thanks!',
  last_message_time: now,
});

const rowNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('chat list', () => {
  it('shows its filter tabs and asks signed-out people to sign in', () => {
    const fake = fakeHost({ user: null });
    renderChat('/chats', fake.host);
    const tabs = screen.getByRole('tablist', { name: 'Chat filters' });
    expect(within(tabs).getByRole('tab', { name: 'Inbox' })).toHaveAttribute('aria-selected', 'true');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((l) => l.textContent),
    ).toEqual([
      'Inbox',
      'Online',
      'Favorites',
      'Fans',
      'Subscribers',
      'Unreplied',
      'VIP',
      'Sent',
      'Recent',
      'Top spenders',
      'Hidden',
    ]);
    expect(screen.getByRole('heading', { name: 'Sign in to see your chats' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fchats');
    expect(document.title).toBe('Chats · Cove');
    expect(fake.calls).toEqual([]);
  });

  it('lists the signed-in person’s chats and asks per tab (fans is sent as fans2)', async () => {
    const fake = fakeHost({
      user: testUser({ type: 'featured' }),
      respond: ({ query }) => testChatsPage(query.type === 'fans2' ? [] : [maya]),
    });
    renderChat('/chats', fake.host);
    const list = await screen.findByRole('list', { name: 'Chats' });
    const row = within(list).getByRole('link', { name: /maya/ });
    expect(row).toHaveAttribute('href', '/chats/u-2');
    expect(row).toHaveTextContent('See you tomorrow');
    expect(row).toHaveTextContent('just now');
    expect(within(list).getByLabelText('2 unread')).toBeInTheDocument();
    expect(fake.calls[0]).toMatchObject({
      method: 'GET',
      path: '/v1/chats',
      query: { v: '2', limit: '20', offset: '0' },
    });

    await userEvent.click(screen.getByRole('tab', { name: 'Fans' }));
    expect(await screen.findByRole('heading', { name: 'No chats here' })).toBeInTheDocument();
    expect(fake.calls[1]?.query).toMatchObject({ type: 'fans2' });
  });

  it('names an erased account Deleted account', async () => {
    const gone = testChat({ other: { _id: 'u-9', username: null, deleted: true }, last_message_text: 'Bye' });
    const fake = fakeHost({ user: testUser(), respond: () => testChatsPage([gone, noah]) });
    renderChat('/chats', fake.host);
    const list = await screen.findByRole('list', { name: 'Chats' });
    expect(within(list).getByRole('link', { name: /Deleted account/ })).toHaveAttribute('href', '/chats/u-9');
    expect(within(list).queryByText(/u-9/)).toBeNull();
  });

  it('loads the next page from the server’s link and appends it', async () => {
    const fake = fakeHost({
      user: testUser(),
      respond: ({ query }) =>
        query.offset === '20'
          ? testChatsPage([noah], '/v1/chats?v=2&limit=20&offset=40')
          : testChatsPage([maya], '/v1/chats?v=2&limit=20&offset=20'),
    });
    renderChat('/chats', fake.host);
    const list = await screen.findByRole('list', { name: 'Chats' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: /noah/ })).toBeInTheDocument();
    expect(rowNames(list)).toEqual([expect.stringContaining('maya'), expect.stringContaining('noah')]);
    expect(fake.calls[1]).toMatchObject({ path: '/v1/chats', query: { offset: '20' } });
  });

  it('moves a chat to the top with the new message when one arrives, without asking the server again', async () => {
    const fake = fakeHost({ user: testUser({ _id: 'u-1' }), respond: () => testChatsPage([noah, maya]) });
    renderChat('/chats', fake.host);
    const list = await screen.findByRole('list', { name: 'Chats' });
    expect(rowNames(list)).toEqual([expect.stringContaining('noah'), expect.stringContaining('maya')]);

    act(() =>
      fake.bus.pushServerEvent({
        type: 'new_message',
        seq: 1,
        created_at: now,
        message: testMessage({
          chat_id: maya.chat_id,
          sender_id: 'u-2',
          text: 'Are you there?',
          created_at: now,
        }),
      }),
    );
    expect(await within(list).findByText('Are you there?')).toBeInTheDocument();
    expect(rowNames(list)).toEqual([expect.stringContaining('maya'), expect.stringContaining('noah')]);
    const row = within(list).getByRole('link', { name: /maya/ });
    expect(within(row).getByLabelText('3 unread')).toBeInTheDocument();

    act(() =>
      fake.bus.pushServerEvent({
        type: 'message_read',
        seq: 2,
        created_at: now,
        chat_id: maya.chat_id,
        reader_id: 'u-1',
        read_at: now,
      }),
    );
    await waitFor(() => expect(within(row).queryByLabelText(/unread/)).toBeNull());
    expect(fake.calls).toHaveLength(1);
  });

  it('reads the list again when a message arrives in a chat it does not hold yet', async () => {
    let chats = [noah];
    const fake = fakeHost({ user: testUser(), respond: () => testChatsPage(chats) });
    renderChat('/chats', fake.host);
    const list = await screen.findByRole('list', { name: 'Chats' });
    chats = [maya, noah];
    act(() =>
      fake.bus.pushServerEvent({
        type: 'new_message',
        seq: 1,
        created_at: now,
        message: testMessage({ chat_id: maya.chat_id, created_at: now }),
      }),
    );
    expect(await within(list).findByRole('link', { name: /maya/ })).toBeInTheDocument();
    expect(fake.calls).toHaveLength(2);
  });

  it("reads the list again when the creator's broadcast is done, which moved many chats at once", async () => {
    let chats = [noah];
    const fake = fakeHost({ user: testUser({ type: 'featured' }), respond: () => testChatsPage(chats) });
    renderChat('/chats', fake.host);
    const list = await screen.findByRole('list', { name: 'Chats' });
    chats = [
      { ...maya, last_message_text: 'New set tonight' },
      { ...noah, last_message_text: 'New set tonight' },
    ];
    act(() =>
      fake.bus.pushServerEvent({
        type: 'broadcast_done',
        seq: 1,
        created_at: now,
        broadcast_id: 'b-1',
        sent: 2,
      }),
    );
    expect(await within(list).findByRole('link', { name: /maya/ })).toBeInTheDocument();
    expect(within(list).getAllByText('New set tonight')).toHaveLength(2);
  });

  it('shows why the list failed, with a retry', async () => {
    let fail = true;
    const fake = fakeHost({
      user: testUser(),
      respond: () => (fail ? networkFailure() : testChatsPage([])),
    });
    renderChat('/chats', fake.host);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your internet connection.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No chats yet' })).toBeInTheDocument();
  });

  it('shows fans only the tabs that mean something to them', async () => {
    renderChat(
      '/chats',
      fakeHost({ user: testUser({ type: 'user' }), respond: () => testChatsPage([]) }).host,
    );
    const tabs = screen.getByRole('tablist', { name: 'Chat filters' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((l) => l.textContent),
    ).toEqual(['Inbox', 'Online', 'Favorites', 'Unreplied', 'Sent', 'Recent', 'Hidden']);
    expect(await screen.findByRole('heading', { name: 'No chats yet' })).toBeInTheDocument();
  });

  it('shows a creator’s totals on the tabs', async () => {
    const fake = fakeHost({
      user: testUser({ type: 'featured' }),
      respond: ({ path }) =>
        path === '/v1/chats/total'
          ? {
              all: 12,
              online: 3,
              fans: 5,
              subscribers: 0,
              favorites: 1,
              unreplied: 2,
              vip: 0,
              recent: 4,
              sent: 6,
              top: 5,
              hidden: 1,
            }
          : testChatsPage([maya]),
    });
    fake.session.config = testConfig();
    renderChat('/chats', fake.host);
    const tabs = screen.getByRole('tablist', { name: 'Chat filters' });
    expect(await within(tabs).findByRole('tab', { name: 'Inbox 12' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(tabs).getByRole('tab', { name: 'Fans 5' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'VIP' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Top spenders 5' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Hidden 1' })).toHaveAttribute(
      'href',
      '/chats?filter=hidden',
    );
  });

  it('searches the list by name', async () => {
    const fake = fakeHost({
      user: testUser(),
      respond: ({ query }) => testChatsPage(query.search === 'no' ? [noah] : [maya, noah]),
    });
    renderChat('/chats', fake.host);
    await screen.findByRole('list', { name: 'Chats' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'no');
    await waitFor(() =>
      expect(rowNames(screen.getByRole('list', { name: 'Chats' }))).toEqual([
        expect.stringContaining('noah'),
      ]),
    );
    expect(fake.calls.at(-1)).toMatchObject({ path: '/v1/chats', query: { search: 'no', offset: '0' } });
  });

  it('lists hidden chats on the Hidden tab, marked, and unhides them from there without asking', async () => {
    const hidden = { ...noah, hidden: true };
    const fake = fakeHost({
      user: testUser(),
      respond: ({ method, query }) =>
        method === 'PATCH' ? { updated: 1 } : testChatsPage(query.type === 'hidden' ? [hidden] : [maya]),
    });
    renderChat('/chats?filter=hidden', fake.host);
    const list = await screen.findByRole('list', { name: 'Chats' });
    expect(within(list).getByRole('link', { name: /noah/ })).toHaveTextContent('Hidden');
    expect(fake.calls[0]).toMatchObject({ path: '/v1/chats', query: { type: 'hidden' } });

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select noah' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected chats' });
    expect(within(bar).queryByRole('button', { name: 'Hide' })).toBeNull();
    await userEvent.click(within(bar).getByRole('button', { name: 'Unhide' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        action: 'unhide',
        ids: noah.chat_id,
        type: 'hidden',
      }),
    );
    expect(fake.popups).toEqual([]);
  });

  it('shows who is online and who is typing as the socket says, without asking again', async () => {
    const fake = fakeHost({ user: testUser({ _id: 'u-1' }), respond: () => testChatsPage([maya, noah]) });
    renderChat('/chats', fake.host);
    const list = await screen.findByRole('list', { name: 'Chats' });
    const row = within(list).getByRole('link', { name: /noah/ });
    expect(row).not.toHaveTextContent('online');
    act(() => fake.bus.pushServerEvent({ type: 'user_online', user_id: 'u-3' }));
    await waitFor(() => expect(row).toHaveTextContent('noah, online'));
    act(() => fake.bus.pushServerEvent({ type: 'typing_start', chat_id: noah.chat_id, sender_id: 'u-3' }));
    expect(row).toHaveTextContent('typing…');
    act(() => fake.bus.pushServerEvent({ type: 'typing_stop', chat_id: noah.chat_id, sender_id: 'u-3' }));
    expect(row).toHaveTextContent('Thanks!');
    act(() => fake.bus.pushServerEvent({ type: 'user_offline', user_id: 'u-3', last_online: now }));
    await waitFor(() => expect(row).not.toHaveTextContent('online'));
    expect(fake.calls).toHaveLength(1);
  });

  it('edits chats in bulk: picked ids, or all but some; hide asks first and calls only on confirm', async () => {
    let confirm = false;
    const fake = fakeHost({
      user: testUser(),
      respond: ({ method }) => (method === 'PATCH' ? { updated: 1 } : testChatsPage([maya, noah])),
      popupOutcome: () => ({ action: confirm ? 'confirm' : 'dismiss' }),
    });
    renderChat('/chats', fake.host);
    await screen.findByRole('list', { name: 'Chats' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select maya' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected chats' });
    expect(bar).toHaveTextContent('1 selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Mark read' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        action: 'read',
        ids: maya.chat_id,
        type: 'all',
      }),
    );
    await waitFor(() => expect(bar).toHaveTextContent('0 selected'));

    await userEvent.click(within(bar).getByRole('button', { name: 'Select all' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select noah' }));
    expect(bar).toHaveTextContent('1 selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Hide' }));
    expect(fake.popups.at(-1)).toEqual({ kind: 'confirm-hide-chats', count: 1 });
    expect(fake.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);

    confirm = true;
    await userEvent.click(within(bar).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(fake.navigations).toContain('/chats'));
    expect(fake.calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({
      action: 'hide',
      except_ids: noah.chat_id,
      type: 'all',
    });
  });

  it('adds a chat started in the conversation to the list beside it', async () => {
    let listed: Chat[] = [];
    const fake = fakeHost({
      user: testUser(),
      respond: ({ path, method }) => {
        if (path === '/v1/chats') return method === 'PATCH' ? { updated: 1 } : testChatsPage(listed);
        if (path.endsWith('/messages')) return { data: [], next: null };
        if (path !== '/v1/chat') return undefined;
        listed = [maya];
        return { data: maya, user: testChatsPage([maya]).data_users[0] };
      },
    });
    renderChat('/chats/u-2', fake.host);
    const row = await screen.findByRole('link', { name: /maya/ });
    expect(row).toHaveAttribute('aria-current', 'page');
    expect(fake.calls.filter((c) => c.path === '/v1/chats' && c.method === 'GET')).toHaveLength(2);
  });

  it('opens a conversation beside the list, with a way back on narrow screens', () => {
    renderChat('/chats/u-9', fakeHost({ user: null }).host);
    expect(screen.getByRole('region', { name: 'Chat list' })).toBeInTheDocument();
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    expect(
      within(conversation).getByRole('heading', { name: 'Sign in to open this chat' }),
    ).toBeInTheDocument();
    expect(within(conversation).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fchats%2Fu-9',
    );
  });
});
