import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountTotals } from '@cove/contracts';
import { signIn } from '@cove/runtime/shell';
import { testUser } from '@cove/runtime/testing';
import { reactToServerEvents } from '../session/server-reactions';
import { call, fakeServices } from '../test/fake-services';
import { renderInShell } from '../test/render-in-shell';
import { Header } from './Header';
import { earningsRefreshMs, releaseSlackMs } from './use-available-earnings';

const totals = (available: number, nextReleaseAt: string | null = null): AccountTotals => ({
  available,
  pending: 150,
  lifetime: 2_000,
  paid_out: 0,
  in_payout: 0,
  next_release_at: nextReleaseAt,
  hold_days: 7,
  minimum_payout: 200,
});

const renderHeader = (fake: ReturnType<typeof fakeServices>) => renderInShell(fake.services, <Header />);

/** The totals the server gives on each read, in order. */
function answerTotals(fake: ReturnType<typeof fakeServices>, ...reads: AccountTotals[]) {
  for (const read of reads) fake.answer('GET', '/v1/account/totals', read);
}

/** A creator's header, showing the first read's $72.00. */
async function showCreator(...reads: AccountTotals[]) {
  const fake = fakeServices();
  answerTotals(fake, ...reads);
  signIn(fake.services.host.session, testUser({ type: 'featured' }));
  renderHeader(fake);
  expect(await screen.findByText('$72.00')).toHaveAttribute('title', 'Your available earnings');
  return fake;
}

describe('header', () => {
  it('keeps the balance live: a credits_update changes it without a reload', async () => {
    const fake = fakeServices();
    const { host, account, bus } = fake.services;
    signIn(host.session, testUser({ credits: 120 }));
    const reactions = reactToServerEvents(host, account);
    renderHeader(fake);
    expect(screen.getByTitle('Your balance')).toHaveTextContent('$12.00');
    // valtio tells its readers after the change, on a microtask.
    await act(async () =>
      bus.pushServerEvent({
        type: 'credits_update',
        credits: 370,
        amount: 250,
        seq: 1,
        created_at: '2026-01-01T00:00:00.000Z',
      }),
    );
    expect(screen.getByTitle('Your balance')).toHaveTextContent('$37.00');
    expect(fake.calls).toEqual([]);
    reactions.unsubscribe();
  });

  it("shows a creator's available earnings instead of credits, read again once after a burst of sales", async () => {
    jest.useFakeTimers();
    try {
      const fake = fakeServices();
      const { host, bus } = fake.services;
      answerTotals(fake, totals(720), totals(1_150));
      signIn(host.session, testUser({ type: 'featured', credits: 30 }));
      renderHeader(fake);
      expect(screen.getByTitle('Your available earnings')).toHaveTextContent('…');
      expect(await screen.findByText('$72.00')).toHaveAttribute('title', 'Your available earnings');
      expect(screen.queryByTitle('Your balance')).toBeNull();
      expect(fake.calls).toEqual([call('GET', '/v1/account/totals')]);

      const at = '2026-01-01T00:00:00.000Z';
      await act(async () => {
        bus.pushServerEvent({
          type: 'payout_completed',
          payout_id: 'po-1',
          amount: 200,
          seq: 1,
          created_at: at,
        });
        bus.pushServerEvent({
          type: 'payout_updated',
          payout_id: 'po-2',
          status: 'pending',
          seq: 2,
          created_at: at,
        });
        await jest.advanceTimersByTimeAsync(earningsRefreshMs);
      });
      expect(screen.getByTitle('Your available earnings')).toHaveTextContent('$115.00');
      expect(fake.calls).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('waits for a stream of news to go quiet, then reads the earnings once', async () => {
    jest.useFakeTimers();
    try {
      const fake = await showCreator(totals(720), totals(990));
      const earned = (seq: number) =>
        fake.services.bus.pushServerEvent({
          type: 'earnings_updated',
          seq,
          created_at: new Date().toISOString(),
        });
      // News every half a quiet time, for three quiet times: no read while it keeps coming.
      for (let seq = 1; seq <= 6; seq += 1) {
        await act(async () => {
          earned(seq);
          await jest.advanceTimersByTimeAsync(earningsRefreshMs / 2);
        });
      }
      expect(fake.calls).toHaveLength(1);
      await act(() => jest.advanceTimersByTimeAsync(earningsRefreshMs / 2));
      expect(screen.getByTitle('Your available earnings')).toHaveTextContent('$99.00');
      await act(() => jest.advanceTimersByTimeAsync(earningsRefreshMs * 5));
      expect(fake.calls).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('reads the earnings again when a chargeback or a referral credit changes them', async () => {
    jest.useFakeTimers();
    try {
      const fake = await showCreator(totals(720), totals(672));
      await act(async () => {
        fake.services.bus.pushServerEvent({
          type: 'earnings_updated',
          seq: 1,
          created_at: new Date().toISOString(),
        });
        await jest.advanceTimersByTimeAsync(earningsRefreshMs);
      });
      expect(screen.getByTitle('Your available earnings')).toHaveTextContent('$67.20');
    } finally {
      jest.useRealTimers();
    }
  });

  it('reads the earnings again when held ones become available, and not before', async () => {
    jest.useFakeTimers();
    try {
      const hour = 3_600_000;
      const fake = await showCreator(totals(720, new Date(Date.now() + hour).toISOString()), totals(870));

      await act(() => jest.advanceTimersByTimeAsync(hour - 1));
      expect(fake.calls).toHaveLength(1);
      await act(() => jest.advanceTimersByTimeAsync(releaseSlackMs + 1));
      expect(screen.getByTitle('Your available earnings')).toHaveTextContent('$87.00');
      // Nothing held any more: no more reads without a reason.
      await act(() => jest.advanceTimersByTimeAsync(24 * hour));
      expect(fake.calls).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('header menu', () => {
  it('closes on Escape with focus back on its button', async () => {
    const user = userEvent.setup();
    renderHeader(fakeServices());
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    expect(screen.getByRole('navigation', { name: 'Menu' })).toBeInTheDocument();
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    expect(button).toHaveFocus();
  });
});
