import { act, screen, waitFor, within } from '@testing-library/react';
import { failWith, testMessage } from '@cove/runtime/testing';
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
    ).toEqual(['$12.00', '$0.00', '$5.00', '$0.00', '$0.00', '$0.00', '$17.00']);
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(screen.getByRole('list', { name: 'Sources' })).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByText('Paid content', { selector: 'dt' }).parentElement).toHaveTextContent('$30.00');
    expect(screen.getByText('Total', { selector: 'dt' }).parentElement).toHaveTextContent('$55.50');
    expect(calls.find((c) => c.path === '/v1/account/stats')?.query).toEqual({ days: '30' });
  });

  it('shows credit-package commissions on a line of their own, apart from referrals', async () => {
    renderEarnings('/account/earnings/summary', (call) => {
      if (call.path === '/v1/account/totals') return testTotals();
      if (call.path === '/v1/account/stats') return testStats({ 5: { referrals: 20, commissions: 50 } });
      return undefined;
    });
    const line = await screen.findByText('Package commissions', { selector: 'dt' });
    expect(line.parentElement).toHaveTextContent('$5.00');
    expect(screen.getByText('Referrals', { selector: 'dt' }).parentElement).toHaveTextContent('$2.00');
    expect(screen.getByText('Total', { selector: 'dt' }).parentElement).toHaveTextContent('$7.00');
    const table = screen.getByRole('table', { name: 'Earnings per day, by source' });
    expect(within(table).getByRole('columnheader', { name: 'Package commissions' })).toBeInTheDocument();
    const feb6 = within(table).getByRole('row', { name: /^Feb 6/ });
    expect(
      within(feb6)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$0.00', '$0.00', '$0.00', '$0.00', '$2.00', '$5.00', '$7.00']);
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

  describe('live while shown', () => {
    function liveSummary() {
      const server = { totals: testTotals(), stats };
      const fake = renderEarnings('/account/earnings/summary', (call) => {
        if (call.path === '/v1/account/totals') return server.totals;
        if (call.path === '/v1/account/stats') return server.stats;
        return undefined;
      });
      const figure = (term: string) => screen.getByText(term).parentElement;
      return { fake, server, figure };
    }
    const at = '2026-02-12T10:00:00.000Z';

    it('adds a tip to Pending and Lifetime as it arrives', async () => {
      const { fake, server, figure } = liveSummary();
      expect((await screen.findByText('Lifetime')).parentElement).toHaveTextContent('$125.00');
      server.totals = testTotals({ pending: 250, lifetime: 1_350 });
      const me = fake.session.user?._id ?? '';
      act(() =>
        fake.bus.pushServerEvent({
          type: 'new_message',
          seq: 1,
          created_at: at,
          message: testMessage({ type: 'tip_model', system: true, sender_id: 'u-fan', recipient_id: me }),
        }),
      );
      await waitFor(() => expect(figure('Lifetime')).toHaveTextContent('$135.00'));
      expect(figure('Pending')).toHaveTextContent('$25.00');
    });

    it('takes a completed payout and a chargeback off the balance', async () => {
      const { fake, server, figure } = liveSummary();
      expect((await screen.findByText('Available')).parentElement).toHaveTextContent('$72.00');
      server.totals = testTotals({ available: 120, in_payout: 0 });
      act(() =>
        fake.bus.pushServerEvent({
          type: 'payout_completed',
          seq: 1,
          created_at: at,
          payout_id: 'p-1',
          amount: 600,
        }),
      );
      await waitFor(() => expect(figure('Available')).toHaveTextContent('$12.00'));
      server.totals = testTotals({ available: 20, in_payout: 0 });
      act(() => fake.bus.pushServerEvent({ type: 'earnings_updated', seq: 2, created_at: at }));
      await waitFor(() => expect(figure('Available')).toHaveTextContent('$2.00'));
    });

    it('reads nothing again for a message the creator sent herself', async () => {
      const { fake } = liveSummary();
      await screen.findByText('Available');
      const before = fake.calls.length;
      const me = fake.session.user?._id ?? '';
      act(() =>
        fake.bus.pushServerEvent({
          type: 'new_message',
          seq: 1,
          created_at: at,
          message: testMessage({ sender_id: me, recipient_id: 'u-fan' }),
        }),
      );
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(fake.calls).toHaveLength(before);
    });
  });
});
