import { fireEvent, screen, within } from '@testing-library/react';
import { failWith, type RecordedCall } from '@cove/runtime/testing';
import { testInfo } from '../../testing/fixtures';
import { renderEarnings } from '../../testing/render-payouts';

const sent = { email: 'l•••@example.com', expires_at: '2026-02-10T10:10:00.000Z' };

function renderMethod(save: (call: RecordedCall) => unknown, info = testInfo({ payout_method: null })) {
  let saved = false;
  const fake = renderEarnings('/account/earnings/payout-method', (call) => {
    if (call.path === '/v1/account/info')
      return {
        data: saved
          ? testInfo({
              payout_method: {
                method: 'bank_transfer',
                label: 'Bank · DE89 •••• 3000',
                updated_at: '2026-02-10T10:05:00.000Z',
              },
            })
          : info,
      };
    if (call.path === '/v1/users/send-verification-code') return sent;
    if (call.path === '/v2/account/defaults') {
      const answer = save(call);
      saved = answer === undefined;
      return answer;
    }
    return undefined;
  });
  return fake;
}

async function fillBank(iban: string) {
  const form = await screen.findByRole('form', { name: 'Add a payout method' });
  fireEvent.click(within(form).getByRole('radio', { name: 'Bank transfer' }));
  fireEvent.change(within(form).getByLabelText('Account holder'), { target: { value: 'Luna Rivera' } });
  fireEvent.change(within(form).getByLabelText('IBAN'), { target: { value: iban } });
  return form;
}

const callsTo = (calls: RecordedCall[], path: string) => calls.filter((c) => c.path === path);

describe('payout method', () => {
  it('needs the email code before it saves, and shows what the server says of the IBAN', async () => {
    const fake = renderMethod(() =>
      failWith(400, 'This IBAN is not valid. Check it and try again.', { code: 'bad_iban' }),
    );
    expect(await screen.findByText('None yet: add one to be paid.')).toBeInTheDocument();
    const form = await fillBank('DE89 3704 0044 0532 0130 01');
    expect(within(form).queryByRole('button', { name: 'Save payout method' })).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(form).findByText(/We sent a 4-digit code to/)).toHaveTextContent('l•••@example.com');
    expect(callsTo(fake.calls, '/v1/users/send-verification-code')[0]?.body).toEqual({ action: 'verify' });

    fireEvent.click(within(form).getByRole('button', { name: 'Save payout method' }));
    expect(within(form).getByText('Enter the 4-digit code from the email.')).toBeInTheDocument();
    expect(callsTo(fake.calls, '/v2/account/defaults')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Code from the email'), { target: { value: '1234' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save payout method' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This IBAN is not valid. Check it and try again.',
    );
    const [patch] = callsTo(fake.calls, '/v2/account/defaults');
    expect(patch).toMatchObject({
      method: 'PATCH',
      query: { verification_code: '1234' },
      body: { method: 'bank_transfer', account_holder: 'Luna Rivera', iban: 'DE89370400440532013001' },
    });
  });

  it('saves with the code and says where payouts now go', async () => {
    renderMethod(() => undefined);
    const form = await fillBank('DE89 3704 0044 0532 0130 00');
    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    fireEvent.change(await within(form).findByLabelText('Code from the email'), {
      target: { value: '4321' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save payout method' }));
    expect(
      await screen.findByText('Saved: your payouts now go to Bank · DE89 •••• 3000.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Change payout method' })).toBeInTheDocument();
  });

  it('checks the details before sending a code', async () => {
    const fake = renderMethod(() => undefined);
    const form = await screen.findByRole('form', { name: 'Add a payout method' });
    fireEvent.click(within(form).getByRole('radio', { name: 'PayPal' }));
    fireEvent.change(within(form).getByLabelText('PayPal email'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(within(form).getByText('Enter the email address of the account.')).toBeInTheDocument();
    expect(callsTo(fake.calls, '/v1/users/send-verification-code')).toHaveLength(0);
  });

  it('offers only the methods the account may use', async () => {
    renderMethod(
      () => undefined,
      testInfo({ payout_method: null, allowed_methods: ['paypal_transfer', 'crypto_transfer'] }),
    );
    const form = await screen.findByRole('form', { name: 'Add a payout method' });
    expect(
      within(form)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['paypal_transfer', 'crypto_transfer']);
  });
});
