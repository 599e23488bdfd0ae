import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failWith, testChatsPage, testMessage, testUser } from '@cove/runtime/testing';
import { now, chat, openChat, thread, sent, mine, signedIn } from '../testing/conversation-harness';

signedIn();

describe('the conversation’s states', () => {
  it('opens the chat with its messages oldest first under their day, and marks it read', async () => {
    const fake = openChat({
      chat: chat({ unread_messages: 2 }),
      messages: [
        testMessage({ _id: '3', text: 'Are you there?', created_at: now }),
        mine({ _id: '2', text: 'Hi Maya', is_read: true }),
        testMessage({ _id: '1', text: 'Welcome!', created_at: '2025-03-04T10:00:00.000Z' }),
      ],
    });
    const list = await thread();
    const days = within(list).getAllByRole('heading', { level: 3 });
    expect(days.map((d) => d.textContent)).toEqual([expect.stringContaining('2025'), 'Today']);
    expect(
      within(list)
        .getAllByRole('group')
        .map((g) => g.textContent),
    ).toEqual(['Welcome!', 'Hi Maya', 'Are you there?']);
    expect(within(list).getByText('Read')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'maya', level: 2 })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Conversation' })).getByText('Online'),
    ).toBeInTheDocument();
    expect(document.title).toBe('maya · Cove');
    await waitFor(() =>
      expect(fake.calls.find((c) => c.method === 'PATCH')).toMatchObject({
        path: '/v1/chats',
        body: { action: 'read', ids: 'c-u-2' },
      }),
    );
    expect(fake.calls.find((c) => c.path === '/v1/chat')?.query).toEqual({ recipient_id: 'u-2' });
  });

  it('starts the chat when there is none yet', async () => {
    const fake = openChat({
      respond: ({ path, method }) =>
        path === '/v1/chat' && method === 'GET'
          ? failWith(404, 'Chat not found', { code: 'not_found' })
          : undefined,
    });
    await thread();
    expect(screen.getByText('No messages yet. Say hello!')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/v1/chat',
      body: { recipient_id: 'u-2' },
    });
  });

  it('tells a fan what a message costs: an intro’s first is free, later ones at the chat’s rate', async () => {
    openChat({ chat: chat({ is_intro: true, credit_rate: 10 }) });
    expect(await screen.findByText('Your first message is free.')).toBeInTheDocument();
  });

  it('charges the rate once the fan has written in an intro', async () => {
    openChat({ chat: chat({ is_intro: true, credit_rate: 10 }), messages: [mine({ _id: '1', text: 'Hi' })] });
    expect(await screen.findByText('Each message costs $1.00.')).toBeInTheDocument();
  });

  it('tells a frozen account it cannot chat, and where support is', async () => {
    openChat({ user: testUser({ _id: 'u-1', frozen: true }) });
    await thread();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(
      screen.getByText('Your account has been temporarily frozen. Please respond to your chat with support.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find your chat with support' })).toHaveAttribute(
      'href',
      '/chats',
    );
  });

  it('says the chat is closed when the account is gone', async () => {
    openChat({
      respond: ({ path }) =>
        path === '/v1/chat'
          ? failWith(410, 'Sorry, this account no longer exists.', { code: 'gone' })
          : undefined,
    });
    expect(await screen.findByRole('heading', { name: 'This chat is closed' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, this account no longer exists.')).toBeInTheDocument();
  });

  it('keeps a message on its way when another screen of the chats is opened meanwhile', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const fake = openChat({
      respond: async ({ path, method }) => {
        if (path === '/v1/chats' && method === 'GET') return testChatsPage([chat()]);
        if (path !== '/v1/messages' || method !== 'POST') return undefined;
        await answered;
        return { data: mine({ _id: '9', text: 'Still here?' }), credits: 250 };
      },
    });
    await thread();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Still here?{Enter}');
    await screen.findByRole('group', { name: 'Sending' });
    await userEvent.click(screen.getByRole('link', { name: 'Back to chats' }));
    expect(await screen.findByText('Pick a chat to read and reply.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('link', { name: /maya/ }));
    expect(await screen.findByRole('group', { name: 'Sending' })).toHaveTextContent('Still here?');
    release();
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Sending' })).toBeNull());
    expect(sent(fake)).toHaveLength(1);
    expect(await screen.findByText('Still here?')).toBeInTheDocument();
  });

  it('shows what arrived while another screen was open as soon as the chat is opened again', async () => {
    const missed = testMessage({ _id: '21', chat_id: 'c-u-2', text: 'Missed me?', created_at: now });
    let reads = 0;
    let release: () => void = () => undefined;
    const reread = new Promise<void>((resolve) => (release = resolve));
    const fake = openChat({
      respond: async ({ path, method }) => {
        if (path === '/v1/chats' && method === 'GET') return testChatsPage([chat()]);
        if (!path.endsWith('/messages')) return undefined;
        // The thread is read again on return; until that answer comes, the cache shows the news.
        if (++reads > 1) await reread;
        return { data: reads > 1 ? [missed] : [], next: null };
      },
    });
    await thread();
    await userEvent.click(screen.getByRole('link', { name: 'Back to chats' }));
    await screen.findByText('Pick a chat to read and reply.');
    act(() => fake.bus.pushServerEvent({ type: 'new_message', seq: 1, created_at: now, message: missed }));
    // The person opens the chat once its row shows the news.
    const row = await screen.findByRole('link', { name: /maya.*Missed me\?/ });
    await userEvent.click(row);
    expect(await within(await thread()).findByText('Missed me?')).toBeInTheDocument();
    expect(reads).toBe(2);
    release();
  });

  it('offers to unlock a free chat, and buying credits comes back to it', async () => {
    const limit = 'Unlock this chat with credits.';
    const fake = openChat({
      respond: ({ path }) =>
        path === '/v1/chat' ? failWith(402, limit, { code: 'free_chat_limit' }) : undefined,
    });
    await userEvent.click(await screen.findByRole('link', { name: 'Buy Credits' }));
    expect(
      await screen.findByText('Get credits, then back to /chats/u-2, buying {"model_id":"u-2"}'),
    ).toBeInTheDocument();
    expect(fake.popups).toContainEqual({
      kind: 'unlock-free-chat',
      message: limit,
      backTo: '/chats/u-2',
      purchase: { model_id: 'u-2' },
    });
  });
});
