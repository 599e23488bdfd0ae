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

const codeBoxes = (form: HTMLElement) =>
  [1, 2, 3, 4].map((n) => within(form).getByRole('textbox', { name: `Digit ${n}` }) as HTMLInputElement);

/** Types `code` into the boxes, a digit in each from the first. */
function typeCode(form: HTMLElement, code: string) {
  const boxes = codeBoxes(form);
  for (const [i, digit] of [...code].entries())
    fireEvent.change(boxes[i] as HTMLElement, { target: { value: digit } });
}

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

    const save = within(form).getByRole('button', { name: 'Save payout method' });
    typeCode(form, '123');
    expect(save).toBeDisabled();
    fireEvent.submit(form);
    expect(callsTo(fake.calls, '/v2/account/defaults')).toHaveLength(0);

    typeCode(form, '1234');
    expect(save).toBeEnabled();
    fireEvent.click(save);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This IBAN is not valid. Check it and try again.',
    );
    // The code was not spent on a bad IBAN: it stays for the corrected try.
    expect(codeBoxes(form).map((b) => b.value)).toEqual(['1', '2', '3', '4']);
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
    // A pasted code fills the four boxes and saves at once.
    fireEvent.paste(await within(form).findByRole('group', { name: 'Code from the email' }), {
      clipboardData: { getData: () => '4321' },
    });
    expect(
      await screen.findByText('Saved: your payouts now go to Bank · DE89 •••• 3000.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Change payout method' })).toBeInTheDocument();
  });

  it('clears the boxes after a wrong code, and offers no new code during the cooldown', async () => {
    const fake = renderMethod(() => failWith(400, 'Wrong code. Please try again.', { code: 'wrong_code' }));
    const form = await fillBank('DE89 3704 0044 0532 0130 00');
    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    const resend = await within(form).findByRole('button', { name: /^Send a new code in \d+s$/ });
    expect(resend).toBeDisabled();

    typeCode(form, '9999');
    fireEvent.click(within(form).getByRole('button', { name: 'Save payout method' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Wrong code. Please try again.');
    expect(codeBoxes(form).map((b) => b.value)).toEqual(['', '', '', '']);
    expect(codeBoxes(form)[0]).toHaveFocus();
    expect(within(form).getByRole('button', { name: 'Save payout method' })).toBeDisabled();
    expect(callsTo(fake.calls, '/v1/users/send-verification-code')).toHaveLength(1);
  });

  it('checks the details before sending a code, in the spec’s words', async () => {
    const fake = renderMethod(() => undefined);
    const form = await screen.findByRole('form', { name: 'Add a payout method' });
    fireEvent.click(within(form).getByRole('radio', { name: 'PayPal' }));
    const email = within(form).getByLabelText('PayPal email');
    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(email).toHaveAccessibleDescription('Required field cannot be blank');
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    expect(email).toHaveAccessibleDescription('Email is invalid');
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

describe('payout method with an authenticator app on', () => {
  it('asks for the app’s code instead of emailing one, and saves with it', async () => {
    const fake = renderMethod(
      (call) =>
        (call.query as { verification_code?: string }).verification_code === '000000'
          ? failWith(
              400,
              'That code is not right. Check your authenticator app (or a recovery code) and try again.',
              {
                code: 'wrong_factor_code',
              },
            )
          : undefined,
      testInfo({ payout_method: null, second_factor: true }),
    );
    const form = await fillBank('DE89 3704 0044 0532 0130 00');
    expect(within(form).queryByRole('button', { name: 'Send code' })).toBeNull();
    const field = within(form).getByRole('textbox', { name: 'Code from your authenticator app' });
    fireEvent.change(field, { target: { value: '000000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save payout method' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('That code is not right.');
    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save payout method' }));
    expect(await screen.findByText('Bank · DE89 •••• 3000')).toBeInTheDocument();
    expect(callsTo(fake.calls, '/v1/users/send-verification-code')).toEqual([]);
    expect(callsTo(fake.calls, '/v2/account/defaults').map((c) => c.query)).toEqual([
      { verification_code: '000000' },
      { verification_code: '123456' },
    ]);
  });
});
