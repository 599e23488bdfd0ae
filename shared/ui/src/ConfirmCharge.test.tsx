import type { ChargeSummary } from '@cove/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmCharge } from './ConfirmCharge';

/** A button that opens the sheet, as a screen does, and counts what the sheet answers. */
function Opener({
  charge,
  balance,
  onConfirm,
}: {
  charge: ChargeSummary;
  balance: number;
  onConfirm(): void;
}) {
  const [open, setOpen] = useState(false);
  const [credits, setCredits] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Buy
      </button>
      <span>Bought {credits}</span>
      {open && (
        <ConfirmCharge
          charge={charge}
          balance={balance}
          onConfirm={() => {
            onConfirm();
            setCredits((n) => n + 1);
          }}
          onCancel={() => setOpen(false)}
          onGetCredits={() => setOpen(false)}
        />
      )}
    </>
  );
}

const unlock: ChargeSummary = {
  kind: 'unlock',
  item: 'Paid message from @luna',
  gives: '1 photo',
  amount: 25,
};

describe('the confirm sheet', () => {
  it('opens as a labelled modal dialog with the price in dollars and the balance after', async () => {
    render(<Opener charge={unlock} balance={120} onConfirm={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const sheet = screen.getByRole('dialog', { name: 'Unlock for $2.50?' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(sheet).toHaveAccessibleDescription('Paid message from @luna · 1 photo');
    const figures = within(sheet)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(figures).toEqual(['$2.50', '$12.00', '$9.50']);
    expect(within(sheet).getByText('Balance after')).toBeInTheDocument();
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    render(<Opener charge={unlock} balance={120} onConfirm={jest.fn()} />);
    const opener = screen.getByRole('button', { name: 'Buy' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside and confirms once however often it is pressed, by keyboard alone', async () => {
    const onConfirm = jest.fn();
    render(<Opener charge={unlock} balance={120} onConfirm={onConfirm} />);
    screen.getByRole('button', { name: 'Buy' }).focus();
    await userEvent.keyboard('{Enter}');
    const sheet = screen.getByRole('dialog');
    for (let i = 0; i < 4; i += 1) {
      await userEvent.tab();
      expect(sheet).toContainElement(document.activeElement as HTMLElement);
    }
    const pay = within(sheet).getByRole('button', { name: 'Unlock for $2.50' });
    pay.focus();
    await userEvent.keyboard('{Enter}{Enter}');
    await userEvent.click(pay);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('says how much is missing and offers buying credits instead of paying', async () => {
    render(
      <Opener
        charge={{ ...unlock, kind: 'post', item: 'Post by @luna' }}
        balance={10}
        onConfirm={jest.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const sheet = screen.getByRole('dialog', { name: 'Unlock this post for $2.50?' });
    expect(within(sheet).getByRole('alert')).toHaveTextContent('You need $1.50 more.');
    expect(within(sheet).queryByRole('button', { name: /Unlock for/ })).not.toBeInTheDocument();
    expect(within(sheet).queryByText('Balance after')).not.toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Buy credits' })).toBeInTheDocument();
  });

  it('shows a subscription’s period, renewal date and how to cancel, and a tip’s message', async () => {
    const { unmount } = render(
      <Opener
        charge={{
          kind: 'subscription',
          item: 'Monthly subscription to @luna',
          amount: 99,
          renews: { period_days: 30, renews_at: '2026-12-28T12:00:00.000Z' },
        }}
        balance={500}
        onConfirm={jest.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const sheet = screen.getByRole('dialog', { name: 'Subscribe for $9.90?' });
    expect(within(sheet).getByText('Price every 30 days')).toBeInTheDocument();
    expect(sheet).toHaveTextContent(
      /Renews on (28 December 2026|December 28, 2026) for \$9\.90 unless you cancel/,
    );
    expect(sheet).toHaveTextContent('Cancel any time in Account › Subscriptions');
    unmount();

    render(
      <Opener
        charge={{ kind: 'tip', item: 'Tip for @luna', amount: 50, note: 'Great set!' }}
        balance={500}
        onConfirm={jest.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.getByRole('dialog', { name: 'Send a $5.00 tip?' })).toHaveTextContent('Great set!');
    expect(screen.getByRole('button', { name: 'Tip $5.00' })).toBeInTheDocument();
  });
});
