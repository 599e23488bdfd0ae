import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeHost, testUser } from '@cove/runtime/testing';
import App from './App';

function renderChat(path: string, host: ReturnType<typeof fakeHost>['host']) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/chats/*" element={<App host={host} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const chat = (id: string, username: string, text: string, unread = 0) => ({
  _id: `c-${id}`,
  other_user: { _id: id, username },
  unread_messages: unread,
  last_message_text: text,
  last_message_time: new Date().toISOString(),
});

describe('chat list', () => {
  it('shows its filter tabs and asks signed-out people to sign in', () => {
    const { host, calls } = fakeHost({ user: null });
    renderChat('/chats', host);
    const tabs = screen.getByRole('navigation', { name: 'Chat filters' });
    expect(within(tabs).getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Inbox', 'Online', 'Favorites', 'Fans', 'Subscribers', 'Unreplied', 'VIP', 'Sent', 'Recent']);
    expect(screen.getByRole('heading', { name: 'Sign in to see your chats' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fchats');
    expect(calls).toEqual([]);
  });

  it('lists the signed-in person’s chats and refetches per filter (fans is sent as fans2)', async () => {
    const { host, calls } = fakeHost({
      user: testUser(),
      respond: (call) => ({
        data: call.query?.type === 'fans2' ? [] : [chat('u-2', 'maya', 'See you tomorrow', 2)],
        next: null,
      }),
    });
    renderChat('/chats', host);
    const list = await screen.findByRole('list', { name: 'Chats' });
    expect(within(list).getByRole('link', { name: /maya/ })).toHaveAttribute('href', '/chats/u-2');
    expect(within(list).getByLabelText('2 unread')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: '/v1/chats',
      query: { v: 2, limit: 20, offset: 0 },
    });

    await userEvent.click(screen.getByRole('link', { name: 'Fans' }));
    expect(await screen.findByRole('heading', { name: 'No chats here' })).toBeInTheDocument();
    expect(calls[1]?.query).toMatchObject({ type: 'fans2' });
  });

  it('shows the server’s message and a retry when the list fails', async () => {
    let fail = true;
    const { host } = fakeHost({
      user: testUser(),
      respond: () => {
        if (fail)
          throw {
            name: 'ApiError',
            status: 0,
            message: 'Network error. Please check your internet connection.',
          };
        return { data: [], next: null };
      },
    });
    renderChat('/chats', host);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your internet connection.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No chats yet' })).toBeInTheDocument();
  });

  it('opens a single chat at /chats/{otherUserId} with a way back', () => {
    const { host } = fakeHost({ user: null });
    renderChat('/chats/u-9', host);
    expect(screen.getByRole('heading', { name: 'Conversation', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All chats' })).toHaveAttribute('href', '/chats');
  });
});
