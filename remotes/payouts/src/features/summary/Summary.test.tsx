import { screen, within } from '@testing-library/react';
import { failWith } from '@cove/runtime/testing';
import { testStats, testTotals } from '../../testing/fixtures';
import { renderEarnings } from '../../testing/render-payouts';

const stats = testStats({
  3: { messages: 120, tips: 50 },
  10: { ppv: 300, subscriptions: 80, referrals: 5 },
});

describe('summary', () => {
  it('shows the totals, the chart with its numbers as a table, and the per-source totals', async () => {
    const { calls } = renderEarnings('/account/earnings/summary', (call) => {
      if (call.path === '/v1/account/totals') return testTotals();
      if (call.path === '/v1/account/stats') return stats;
      return undefined;
    });
    const totals = await screen.findByText('Available');
    expect(totals.parentElement).toHaveTextContent('$72.00');
    expect(screen.getByText('Pending').parentElement).toHaveTextContent('$15.00');
    expect(screen.getByText('Lifetime').parentElement).toHaveTextContent('$125.00');
    expect(screen.getByText('In payout').parentElement).toHaveTextContent('$8.00');
    expect(screen.getByRole('link', { name: 'Request payout' })).toHaveAttribute(
      'href',
      '/account/earnings/payouts',
    );

    const chart = await screen.findByRole('img', { name: /best day was Feb 11 with \$38\.50/ });
    expect(chart).toHaveAccessibleName(expect.stringContaining('$55.50 in all'));
    const table = screen.getByRole('table', { name: 'Earnings per day, by source' });
    const feb4 = within(table).getByRole('row', { name: /^Feb 4/ });
    expect(
      within(feb4)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$12.00', '$0.00', '$5.00', '$0.00', '$0.00', '$17.00']);
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(screen.getByRole('list', { name: 'Sources' })).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('Paid content', { selector: 'dt' }).parentElement).toHaveTextContent('$30.00');
    expect(screen.getByText('Total', { selector: 'dt' }).parentElement).toHaveTextContent('$55.50');
    expect(calls.find((c) => c.path === '/v1/account/stats')?.query).toEqual({ days: '30' });
  });

  it('says when nothing was earned, and shows a failed read with a retry', async () => {
    renderEarnings('/account/earnings/summary', (call) => {
      if (call.path === '/v1/account/totals') return failWith(403, 'Earnings and payouts are for creators.');
      if (call.path === '/v1/account/stats') return testStats();
      return undefined;
    });
    expect(await screen.findByRole('img', { name: 'No earnings in the last 30 days.' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Earnings and payouts are for creators.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
