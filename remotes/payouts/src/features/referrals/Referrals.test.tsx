import { fireEvent, screen, within } from '@testing-library/react';
import { referralsPage, type Referral } from '@cove/contracts';
import { formatDate } from '@cove/runtime';
import { renderEarnings } from '../../testing/render-payouts';

function referral(n: number, overrides: Partial<Referral> = {}): Referral {
  return {
    _id: `u-${n}`,
    username: `nova${n}`,
    avatar: null,
    joined_at: '2026-01-05T10:00:00.000Z',
    earns_until: '2099-01-05T10:00:00.000Z',
    earned: 42,
    ...overrides,
  };
}

const page = (items: Referral[], next: string | null = null) =>
  referralsPage.parse({
    data: items,
    next,
    code: 'luna',
    link: 'https://cove.example/?code=luna',
    share_percent: 5,
    months: 12,
    total_earned: 84,
  });

describe('referrals', () => {
  const writeText = jest.fn(async () => undefined);
  beforeEach(() =>
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true }),
  );

  it('shows the link, copies it, and lists the referred creators', async () => {
    const { calls } = renderEarnings('/account/earnings/referrals', (call) =>
      call.query.offset === '20'
        ? page([referral(3)])
        : page([referral(1), referral(2)], '/v1/users/referrals?limit=20&offset=20'),
    );
    expect(await screen.findByLabelText('Referral link')).toHaveValue('https://cove.example/?code=luna');
    expect(screen.getByText('Code').parentElement).toHaveTextContent('luna');
    expect(screen.getByText('Earned from referrals').parentElement).toHaveTextContent('$8.40');
    expect(screen.getByText(/earn you 5% of what they earn, for 12 months/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('https://cove.example/?code=luna');

    const list = screen.getByRole('list', { name: 'Referred creators' });
    const one = within(list).getByRole('listitem', { name: 'nova1, $4.20 earned' });
    expect(one).toHaveTextContent(`Joined ${formatDate('2026-01-05T10:00:00.000Z')}`);
    expect(one).toHaveTextContent(`Earns you until ${formatDate('2099-01-05T10:00:00.000Z')}`);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('listitem', { name: 'nova3, $4.20 earned' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/v1/users/referrals').map((c) => c.query.offset)).toEqual([
      '0',
      '20',
    ]);
  });

  it('explains referrals while there are none', async () => {
    renderEarnings('/account/earnings/referrals', () => page([]));
    expect(await screen.findByRole('heading', { name: 'No referrals yet' })).toBeInTheDocument();
    expect(screen.getByText(/5% of their earnings for 12 months/)).toBeInTheDocument();
    expect(screen.getByLabelText('Referral link')).toHaveValue('https://cove.example/?code=luna');
  });
});
