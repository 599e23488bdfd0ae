import { act, screen } from '@testing-library/react';
import { fakeHost, testChatsPage, testConfig, testUser } from '@cove/runtime/testing';
import { renderChat } from '../../../testing/render-chat';
import { creator, renderScreen, signedIn } from '../testing/broadcast-harness';

signedIn();

describe('broadcast entry', () => {
  it('shows creators with the feature a Broadcast link in the chat list header', async () => {
    renderScreen(() => undefined, { path: '/chats' });
    expect(await screen.findByRole('link', { name: 'Broadcast' })).toHaveAttribute(
      'href',
      '/chats/broadcast',
    );
  });

  it('tells a creator awaiting approval they can broadcast once approved, and still lists past broadcasts', async () => {
    renderScreen(() => undefined, {
      fake: (respond) => fakeHost({ user: { ...creator, restricted: true }, respond }),
    });
    expect(await screen.findByRole('heading', { name: 'Recent broadcasts' })).toBeInTheDocument();
    expect(
      screen.getByText('Your creator account is under review; you can do this once it is approved.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send broadcast' })).toBeNull();
  });

  it('shows no link to fans or creators without the feature, and tells them the screen is not theirs', async () => {
    const fake = fakeHost({ user: testUser({ type: 'user' }), respond: () => testChatsPage([]) });
    fake.session.config = testConfig();
    renderChat('/chats', fake.host);
    await screen.findByRole('heading', { name: 'No chats yet' });
    expect(screen.queryByRole('link', { name: 'Broadcast' })).toBeNull();

    const off = renderScreen(() => undefined, {
      fake: (respond) => fakeHost({ user: creator, respond }),
    });
    act(() => {
      off.session.config = testConfig({ features: { ...testConfig().features, broadcast: false } });
    });
    expect(await screen.findByRole('heading', { name: 'Broadcasts are for creators' })).toBeInTheDocument();
  });
});
