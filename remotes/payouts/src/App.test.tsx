import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@cove/router';
import { fakeHost, testUser } from '@cove/runtime/testing';
import App from './App';
import { testStats, testTotals } from './testing/fixtures';

function renderAt(path: string, host: ReturnType<typeof fakeHost>['host']) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/account/earnings/*" element={<App host={host} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('earnings', () => {
  it('shows creators their sections, with the summary current', async () => {
    const respond = ({ path }: { path: string }) =>
      path === '/v1/account/totals' ? testTotals() : path === '/v1/account/stats' ? testStats() : undefined;
    renderAt('/account/earnings/summary', fakeHost({ user: testUser({ type: 'featured' }), respond }).host);
    const tabs = screen.getByRole('navigation', { name: 'Earnings sections' });
    expect(within(tabs).getByRole('link', { name: 'Summary' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Summary', 'Payouts', 'Payout method', 'Referrals', 'Broadcast stats']);
    expect(await screen.findByRole('heading', { name: 'Summary' })).toBeInTheDocument();
    expect(await screen.findByText('$72.00')).toBeInTheDocument();
  });

  it('takes an unknown earnings address to the summary', async () => {
    const respond = ({ path }: { path: string }) =>
      path === '/v1/account/totals' ? testTotals() : path === '/v1/account/stats' ? testStats() : undefined;
    renderAt(
      '/account/earnings/broadcast-stats',
      fakeHost({ user: testUser({ type: 'featured' }), respond }).host,
    );
    const tabs = screen.getByRole('navigation', { name: 'Earnings sections' });
    expect(within(tabs).getByRole('link', { name: 'Summary' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'Summary' })).toBeInTheDocument();
  });

  it('tells fans earnings are for creators', () => {
    renderAt('/account/earnings/summary', fakeHost({ user: testUser({ type: 'user' }) }).host);
    expect(screen.getByRole('heading', { name: 'Earnings are for creators' })).toBeInTheDocument();
  });

  it('asks signed-out people to sign in', () => {
    renderAt('/account/earnings/payouts', fakeHost({ user: null }).host);
    expect(screen.getByRole('heading', { name: 'Sign in to see your earnings' })).toBeInTheDocument();
    expect(document.title).toBe('Earnings · Cove');
  });
});
