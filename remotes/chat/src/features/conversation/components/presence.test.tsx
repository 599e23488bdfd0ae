import { act, screen, waitFor, within } from '@testing-library/react';
import { openChat, thread, signedIn } from '../testing/conversation-harness';

signedIn();

const header = () => within(screen.getByRole('region', { name: 'Conversation' })).getByRole('banner');
const line = () => header().querySelector('p');

describe('presence in the conversation header', () => {
  it('follows the other person going away and coming back while the chat is open', async () => {
    const fake = openChat();
    await thread();
    expect(within(header()).getByText('Online')).toBeInTheDocument();

    const left = new Date(Date.now() - 60_000).toISOString();
    act(() => fake.bus.pushServerEvent({ type: 'user_offline', user_id: 'u-2', last_online: left }));
    expect(await within(header()).findByText(/^Last seen 1 minute/)).toBeInTheDocument();
    expect(within(header()).queryByText('Online')).toBeNull();

    act(() => fake.bus.pushServerEvent({ type: 'user_online', user_id: 'u-2' }));
    expect(await within(header()).findByText('Online')).toBeInTheDocument();
  });

  it('ignores presence news of someone else', async () => {
    const fake = openChat();
    await thread();
    act(() =>
      fake.bus.pushServerEvent({
        type: 'user_offline',
        user_id: 'u-9',
        last_online: new Date().toISOString(),
      }),
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(within(header()).getByText('Online')).toBeInTheDocument();
  });

  it('never says Online while our own connection is down, and reads the chat again once back', async () => {
    const fake = openChat();
    await thread();
    expect(within(header()).getByText('Online')).toBeInTheDocument();
    const reads = () => fake.calls.filter((c) => c.path === '/v1/chat').length;
    const before = reads();

    act(() => fake.bus.setConnection('disconnected'));
    expect(within(header()).queryByText('Online')).toBeNull();
    expect(line()?.textContent).toBe('');

    act(() => fake.bus.setConnection('connected'));
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(within(header()).getByText('Online')).toBeInTheDocument();
  });
});
