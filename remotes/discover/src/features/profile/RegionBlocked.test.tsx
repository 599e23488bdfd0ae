import { failWith, fakeHost, testUser } from '@cove/runtime/testing';
import { screen } from '@testing-library/react';
import { renderAt } from '../../testing/render';

const sorry = 'Sorry this creator not available in your country';

describe('a creator closed to the fan’s country', () => {
  it('shows the server’s words in place of the profile', async () => {
    const { host } = fakeHost({
      user: testUser({ _id: 'u-1', type: 'user' }),
      respond: (call) =>
        call.path === '/v1/users/c-1/profile' ? failWith(451, sorry, { code: 'region_blocked' }) : undefined,
    });
    renderAt('/creators/c-1', host);
    expect(await screen.findByRole('alert')).toHaveTextContent(sorry);
    expect(screen.queryByRole('region', { name: 'About' })).not.toBeInTheDocument();
  });
});
