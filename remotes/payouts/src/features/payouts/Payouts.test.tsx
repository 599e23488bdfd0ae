import { act, fireEvent, screen, within } from '@testing-library/react';
import { payoutsPage } from '@cove/contracts';
import { failWith, type RecordedCall } from '@cove/runtime/testing';
import { testInfo, testPayout, testTotals } from '../../testing/fixtures';
import { renderEarnings } from '../../testing/render-payouts';

const page = (items: ReturnType<typeof testPayout>[], next: string | null = null) =>
  payoutsPage.parse({ data: items, next });

function renderPayouts(
  payouts: (call: RecordedCall) => unknown,
  more: (call: RecordedCall) => unknown = () => undefined,
) {
  return renderEarnings('/account/earnings/payouts', (call) => {
    if (call.path === '/v1/account/totals') return testTotals();
    if (call.path === '/v1/account/info') return { data: testInfo() };
    if (call.path === '/v1/account/payouts') return payouts(call);
    return more(call);
  });
}

describe('payout history', () => {
  it('lists payouts with their status, page by page', async () => {
    const { calls } = renderPayouts((call) =>
      call.query.offset === '20'
        ? page([testPayout(3, { status: 'on_hold', completed_at: null })])
        : page(
            [
              testPayout(1, { status: 'pending', amount: 300, completed_at: null }),
              testPayout(2, {
                status: 'failed',
                completed_at: null,
                failure_reason: 'The payout provider refused this destination.',
              }),
            ],
            '/v1/account/payouts?limit=20&offset=20',
          ),
    );
    const list = await screen.findByRole('list', { name: 'Payout history' });
    expect(within(list).getByRole('listitem', { name: '$30.00, Pending' })).toHaveTextContent(
      'PayPal · l•••@example.com',
    );
    expect(within(list).getByRole('listitem', { name: '$25.00, Failed' })).toHaveTextContent(
      'The payout provider refused this destination. The money is back in your available earnings.',
    );
    expect(calls.find((c) => c.path === '/v1/account/payouts')?.query).toEqual({ limit: '20', offset: '0' });

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(
      await within(list).findByRole('listitem', { name: '$25.00, Waiting for your details' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('reads the history again when a payout moves on', async () => {
    let status: 'pending' | 'completed' = 'pending';
    const fake = renderPayouts(() => page([testPayout(1, { status, completed_at: null })]));
    expect(await screen.findByRole('listitem', { name: '$25.00, Pending' })).toBeInTheDocument();
    status = 'completed';
    await act(async () =>
      fake.bus.pushServerEvent({
        type: 'payout_completed',
        payout_id: 'po-1',
        amount: 250,
        seq: 1,
        created_at: '2026-02-10T10:00:02.000Z',
      }),
    );
    expect(await screen.findByRole('listitem', { name: '$25.00, Completed' })).toBeInTheDocument();
  });

  it('explains an empty history', async () => {
    renderPayouts(() => page([]));
    expect(await screen.findByRole('heading', { name: 'No payouts yet' })).toBeInTheDocument();
  });

  it('shows a failed read with a retry', async () => {
    renderPayouts(() => failWith(500, 'Something went wrong. Please try again.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});

describe('the details form', () => {
  it('asks for the AML details when a payout waits for them, and sends them', async () => {
    const fake = renderEarnings('/account/earnings/payouts', (call) => {
      if (call.path === '/v1/account/totals') return testTotals();
      if (call.path === '/v1/account/info')
        return {
          data: testInfo({
            aml: { threshold: 20_000, cumulative: 21_000, submitted: false, required: true },
          }),
        };
      if (call.path === '/v1/account/payouts') return page([]);
      return undefined;
    });
    const form = await screen.findByRole('form', { name: 'Your details' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send details' }));
    expect(within(form).getByText('Enter your full legal name.')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/v1/account/anti-money-laundering')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Legal name'), { target: { value: 'Luna Marie Rivera' } });
    fireEvent.change(within(form).getByLabelText('Date of birth'), { target: { value: '1995-04-12' } });
    fireEvent.change(within(form).getByLabelText('Address'), {
      target: { value: '12 Harbour Road, Lisbon' },
    });
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'PT' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send details' }));
    expect(await screen.findByText(/your details are sent/)).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/v1/account/anti-money-laundering')?.body).toEqual({
      full_name: 'Luna Marie Rivera',
      date_of_birth: '1995-04-12',
      address: '12 Harbour Road, Lisbon',
      country: 'PT',
    });
  });
});
