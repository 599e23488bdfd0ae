import { act, screen, waitFor } from '@testing-library/react';
import { testChatUser, testConfig, testUser } from '@cove/runtime/testing';
import { chat, openChat, signedIn, thread } from '../testing/conversation-harness';

signedIn();

const creator = testUser({ _id: 'u-1', type: 'featured' });
const totals = Object.fromEntries(
  [
    'all',
    'online',
    'fans',
    'subscribers',
    'favorites',
    'unreplied',
    'vip',
    'recent',
    'sent',
    'top',
    'hidden',
  ].map((k) => [k, 0]),
);

describe('what the switches hide in a conversation', () => {
  it('offers a creator her vault while it is on, and hides it once staff turn it off, without a reload', async () => {
    const fake = openChat({
      user: creator,
      respond: (call) => (call.path === '/v1/chats/total' ? totals : undefined),
    });
    await thread();
    expect(screen.getByRole('button', { name: 'Vault' })).toBeInTheDocument();
    act(() => {
      fake.session.config = testConfig({ features: { ...testConfig().features, vault: false } });
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Vault' })).toBeNull());
  });

  it('lets a frozen person write to support, and to nobody else', async () => {
    const support = testChatUser({ _id: 'u-2', username: 'support', is_staff: true });
    openChat({
      user: testUser({ _id: 'u-1', frozen: true }),
      respond: (call) => (call.path === '/v1/chat' ? { data: chat(), user: support } : undefined),
    });
    await thread();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(
      screen.queryByText(
        'Your account has been temporarily frozen. Please respond to your chat with support.',
      ),
    ).toBeNull();
  });
});
