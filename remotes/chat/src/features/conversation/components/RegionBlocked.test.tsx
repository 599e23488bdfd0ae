import { screen } from '@testing-library/react';
import { failWith } from '@cove/runtime/testing';
import { openChat, signedIn } from '../testing/conversation-harness';

signedIn();

const sorry = 'Sorry this creator not available in your country';

describe('a creator closed to the fan’s country', () => {
  it('says so when the chat opens, without offering a retry', async () => {
    openChat({
      respond: ({ path }) =>
        path === '/v1/chat' ? failWith(451, sorry, { code: 'region_blocked' }) : undefined,
    });
    expect(await screen.findByRole('heading', { name: 'Not available in your country' })).toBeInTheDocument();
    expect(screen.getByText(sorry)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to chats' })).toHaveAttribute('href', '/chats');
  });
});
