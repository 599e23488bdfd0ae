import { screen, within } from '@testing-library/react';
import { fakeHost, testConfig, testUser } from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

describe('the vault permission', () => {
  it('hides the Vault from a creator whose vault is off, and says so on its page', () => {
    const fake = fakeHost({ user: testUser({ type: 'featured' }) });
    fake.session.config = testConfig({ features: { ...testConfig().features, vault: false } });
    renderAccount('/account/vault', fake.host);
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(nav).queryByRole('link', { name: 'Vault' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your vault is turned off' })).toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/v1/media')).toBe(false);
  });

  it('shows the Vault while it is on', () => {
    const fake = fakeHost({ user: testUser({ type: 'featured' }) });
    fake.session.config = testConfig();
    renderAccount('/account', fake.host);
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(nav).getByRole('link', { name: 'Vault' })).toBeInTheDocument();
  });
});
