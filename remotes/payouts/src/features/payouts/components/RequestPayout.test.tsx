import { fireEvent, screen, within } from '@testing-library/react';
import { failWith, type RecordedCall } from '@cove/runtime/testing';
import { testInfo, testPayout, testTotals } from '../../../testing/fixtures';
import { renderEarnings } from '../../../testing/render-payouts';

function renderForm(request: (call: RecordedCall) => unknown, info = testInfo()) {
  return renderEarnings('/account/earnings/payouts', (call) => {
    if (call.path === '/v1/account/totals') return testTotals();
    if (call.path === '/v1/account/info') return { data: info };
    if (call.path === '/v1/account/payouts') return { data: [], next: null };
    if (call.path === '/v2/account/payout') return request(call);
    return undefined;
  });
}

const payoutCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/v2/account/payout');

describe('request payout', () => {
  it('reads the typed dollars back and requests them (in credits) to the saved method', async () => {
    const fake = renderForm(() => ({
      data: testPayout(9, { status: 'pending', amount: 255, completed_at: null }),
    }));
    const form = await screen.findByRole('form', { name: 'Request a payout' });
    expect(form).toHaveTextContent('Paid to PayPal · l•••@example.com');
    expect(form).toHaveTextContent('Minimum $20.00 · Available $72.00');
    fireEvent.change(within(form).getByLabelText('Amount in dollars'), { target: { value: '25.5' } });
    expect(form).toHaveTextContent('You are requesting $25.50.');
    expect(form).not.toHaveTextContent(/credit/i);
    fireEvent.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Payout of $25.50 requested to PayPal · l•••@example.com.',
    );
    const [call] = payoutCalls(fake.calls);
    expect(call?.body).toEqual({ amount: 255, idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('refuses amounts not in steps of $0.10 or above what is available, without asking', async () => {
    const fake = renderForm(() => undefined);
    const form = await screen.findByRole('form', { name: 'Request a payout' });
    const amount = within(form).getByLabelText('Amount in dollars');
    fireEvent.change(amount, { target: { value: '25.55' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(form).toHaveTextContent('Amounts go in steps of $0.10.');
    fireEvent.change(amount, { target: { value: '80' } });
    expect(form).toHaveTextContent('You can request at most $72.00, your available earnings.');
    expect(payoutCalls(fake.calls)).toHaveLength(0);
  });

  it("shows the server's error text", async () => {
    renderForm(() =>
      failWith(400, 'You can request at most $12.00, your available earnings.', { code: 'payout_too_large' }),
    );
    const form = await screen.findByRole('form', { name: 'Request a payout' });
    fireEvent.change(within(form).getByLabelText('Amount in dollars'), { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You can request at most $12.00, your available earnings.',
    );
  });

  it('sends one request for a double submit', async () => {
    const fake = renderForm(() => ({ data: testPayout(9, { status: 'pending', completed_at: null }) }));
    const form = await screen.findByRole('form', { name: 'Request a payout' });
    fireEvent.change(within(form).getByLabelText('Amount in dollars'), { target: { value: '25' } });
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await within(form).findByRole('status')).toHaveTextContent('Payout of $25.00 requested');
    expect(payoutCalls(fake.calls)).toHaveLength(1);
  });

  it('points to the details form, above it, when the payout waits for the AML details', async () => {
    let held = false;
    renderEarnings('/account/earnings/payouts', (call) => {
      if (call.path === '/v1/account/totals') return testTotals();
      if (call.path === '/v1/account/info')
        return {
          data: testInfo({
            aml: { threshold: 20_000, cumulative: 20_300, submitted: false, required: held },
          }),
        };
      if (call.path === '/v1/account/payouts') return { data: [], next: null };
      if (call.path !== '/v2/account/payout') return undefined;
      held = true;
      return { data: testPayout(9, { status: 'on_hold', completed_at: null }) };
    });
    const form = await screen.findByRole('form', { name: 'Request a payout' });
    fireEvent.change(within(form).getByLabelText('Amount in dollars'), { target: { value: '25' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Your payout of $25.00 is waiting for your details: fill in the form above.',
    );
    const details = await screen.findByRole('form', { name: 'Your details' });
    expect(within(form).getByRole('status')).toHaveTextContent('fill in the form above');
    expect(details.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('asks for a payout method first when none is saved', async () => {
    renderForm(() => undefined, testInfo({ payout_method: null }));
    const form = await screen.findByRole('form', { name: 'Request a payout' });
    expect(within(form).getByRole('link', { name: 'Set a payout method' })).toHaveAttribute(
      'href',
      '/account/earnings/payout-method',
    );
    expect(within(form).getByRole('button', { name: 'Request payout' })).toBeDisabled();
  });
});

describe('request payout with an authenticator app on', () => {
  it('asks for the app’s code and sends it with the request', async () => {
    const fake = renderForm(
      () => ({ data: testPayout(9, { status: 'pending', amount: 300, completed_at: null }) }),
      testInfo({ second_factor: true }),
    );
    const form = await screen.findByRole('form', { name: 'Request a payout' });
    fireEvent.change(within(form).getByLabelText('Amount in dollars'), { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(form).toHaveTextContent('Enter the code from your authenticator app.');
    expect(payoutCalls(fake.calls)).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Code from your authenticator app'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Payout of $30.00 requested');
    expect(payoutCalls(fake.calls)[0]?.body).toEqual({
      amount: 300,
      idempotency_key: expect.any(String),
      factor_code: '123456',
    });
  });
});
