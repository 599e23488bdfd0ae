import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@cove/router';
import { fakeHost, testChat, testChatsPage, testConfig, testUser } from '@cove/runtime/testing';
import App from '../../../App';
import { renderChat } from '../../../testing/render-chat';

const maya = testChat({ other: { _id: 'u-2', username: 'maya' }, credits: 1250 });
const noah = testChat({ other: { _id: 'u-3', username: 'noah' }, credits: 40 });

const totals = {
  all: 2,
  online: 0,
  fans: 2,
  subscribers: 0,
  favorites: 0,
  unreplied: 0,
  vip: 1,
  recent: 2,
  sent: 0,
  top: 2,
  hidden: 0,
};

function creatorInbox(path = '/chats') {
  const fake = fakeHost({
    user: testUser({ type: 'featured' }),
    respond: ({ path: p }) => (p === '/v1/chats/total' ? totals : testChatsPage([maya, noah])),
  });
  fake.session.config = testConfig();
  renderChat(path, fake.host);
  return fake;
}

beforeEach(() => window.localStorage.clear());

describe('spend on the chat list', () => {
  it('shows a creator what each person spent once she asks, and remembers it', async () => {
    creatorInbox();
    const list = await screen.findByRole('list', { name: 'Chats' });
    expect(within(list).queryByLabelText('Spent $125.00')).toBeNull();
    const option = screen.getByRole('button', { name: 'Show spend' });
    await userEvent.click(option);
    expect(option).toHaveAttribute('aria-pressed', 'true');
    expect(within(list).getByLabelText('Spent $125.00')).toHaveTextContent('$125.00');
    expect(within(list).getByLabelText('Spent $4.00')).toBeInTheDocument();
    expect(window.localStorage.getItem('cove.chat-list.show-spend')).toBe('1');
  });

  it('lists Top spenders with their spend, asking the server for that order', async () => {
    const fake = creatorInbox('/chats?filter=top');
    const list = await screen.findByRole('list', { name: 'Chats' });
    expect(within(list).getByLabelText('Spent $125.00')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/v1/chats')?.query).toMatchObject({ type: 'top' });
  });

  it('offers a fan neither the option nor the tab', async () => {
    render(
      <MemoryRouter initialEntries={['/chats']}>
        <Routes>
          <Route
            path="/chats/*"
            element={
              <App
                host={
                  fakeHost({ user: testUser({ type: 'user' }), respond: () => testChatsPage([maya]) }).host
                }
              />
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByRole('list', { name: 'Chats' });
    expect(screen.queryByRole('button', { name: 'Show spend' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Top spenders/ })).toBeNull();
  });
});
