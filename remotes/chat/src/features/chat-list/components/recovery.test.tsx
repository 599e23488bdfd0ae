import { act, screen } from '@testing-library/react';
import { fakeHost, networkFailure, testChat, testChatsPage, testUser } from '@cove/runtime/testing';
import { renderChat } from '../../../testing/render-chat';

const maya = testChat({ other: { _id: 'u-2', username: 'maya' } });
const chatListReads = (fake: ReturnType<typeof fakeHost>) =>
  fake.calls.filter((c) => c.path === '/v1/chats' && c.method === 'GET').length;

describe('the chat list after an outage', () => {
  it('leaves its network error by itself when the socket is back', async () => {
    let down = true;
    const fake = fakeHost({
      user: testUser(),
      respond: ({ path }) =>
        path !== '/v1/chats' ? undefined : down ? networkFailure() : testChatsPage([maya]),
    });
    renderChat('/chats', fake.host);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your internet connection.',
    );
    act(() => fake.bus.setConnection('disconnected'));
    down = false;
    act(() => fake.bus.setConnection('connected'));
    expect(await screen.findByRole('link', { name: /maya/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not read a list that loaded fine again on reconnect', async () => {
    const fake = fakeHost({
      user: testUser(),
      respond: ({ path }) => (path === '/v1/chats' ? testChatsPage([maya]) : undefined),
    });
    renderChat('/chats', fake.host);
    await screen.findByRole('link', { name: /maya/ });
    const before = chatListReads(fake);
    act(() => fake.bus.setConnection('disconnected'));
    act(() => fake.bus.setConnection('connected'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(chatListReads(fake)).toBe(before);
  });
});
