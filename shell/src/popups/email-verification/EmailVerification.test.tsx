import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '@cove/runtime/shell';
import { failWith, testUser } from '@cove/runtime/testing';
import { verificationState } from '../../session/verification-state';
import { call, fakeServices } from '../../test/fake-services';
import { renderInShell } from '../../test/render-in-shell';
import { PopupLayer } from '../PopupLayer';

function setup(email = 'alexander@gmail.com') {
  const fake = fakeServices();
  signIn(fake.services.host.session, testUser({ email, email_verified: false }));
  renderInShell(fake.services, <PopupLayer />);
  let outcome: Promise<unknown> = Promise.resolve();
  act(() => {
    outcome = fake.services.host.popups.open({
      kind: 'email-verification',
      flow: 'onboarding',
      email,
    }).outcome;
  });
  return { ...fake, outcome: () => outcome };
}

const digits = () =>
  [1, 2, 3, 4].map((n) => screen.getByRole('textbox', { name: `Digit ${n}` }) as HTMLInputElement);
const wrongCode = () => failWith(400, 'Wrong code. Please try again.');

beforeEach(() => {
  verificationState.codeSentAt = null;
});

describe('email verification popup', () => {
  it('shows the masked address, clears the four boxes on a wrong code, then says verified', async () => {
    const fake = setup();
    const { services } = fake;
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('ale*****@gmail.com')).toBeInTheDocument();
    fake.answer('POST', '/v1/users/verify-email', wrongCode());
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    for (const [i, box] of digits().entries()) await userEvent.type(box, String(i + 1));
    expect(verify).toBeEnabled();
    await userEvent.click(verify);
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong code. Please try again.');
    expect(digits().map((d) => d.value)).toEqual(['', '', '', '']);
    expect(digits()[0]).toHaveFocus();
    expect(fake.calls).toContainEqual(call('POST', '/v1/users/verify-email', { code: '1234' }));

    fake.answer('POST', '/v1/users/verify-email', {
      message: 'Email verified successfully!',
      user: testUser({ email: 'alexander@gmail.com', email_verified: true }),
    });
    for (const [i, box] of digits().entries()) await userEvent.type(box, String(i + 5));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByText('Email verified successfully!')).toBeInTheDocument();
    expect(services.host.session.user?.email_verified).toBe(true);
  });

  it('fills all four boxes from a pasted number and submits it', async () => {
    const fake = setup();
    fake.answer('POST', '/v1/users/verify-email', wrongCode());
    fireEvent.paste(screen.getByRole('group', { name: 'Verification code' }), {
      clipboardData: { getData: () => ' 4821 ' },
    });
    await waitFor(() =>
      expect(fake.calls).toContainEqual(call('POST', '/v1/users/verify-email', { code: '4821' })),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong code');
  });

  it('closes by itself 5 s after success in the onboarding flow', async () => {
    jest.useFakeTimers();
    try {
      const fake = setup();
      fake.answer('POST', '/v1/users/verify-email', {
        message: 'ok',
        user: testUser({ email_verified: true }),
      });
      fireEvent.paste(screen.getByRole('group', { name: 'Verification code' }), {
        clipboardData: { getData: () => '1111' },
      });
      expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
      await act(async () => void jest.advanceTimersByTime(5000));
      await expect(fake.outcome()).resolves.toEqual({ action: 'confirm' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers a resend from the help stage with a 30 s cooldown, and warns about slow providers', async () => {
    const fake = setup('river@yahoo.com');
    await userEvent.click(screen.getByRole('button', { name: "I didn't get a code" }));
    expect(screen.getByRole('heading', { name: "Didn't get the code?" })).toBeInTheDocument();
    expect(screen.getByText(/Yahoo sometimes delays our emails/)).toBeInTheDocument();
    fake.answer('POST', '/v1/users/resend-verify', { message: 'Email sent successfully!' });
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(fake.calls).toContainEqual(
      call('POST', '/v1/users/resend-verify', { email: 'river@yahoo.com', web: true, react_flow: true }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Email sent successfully!');
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "I didn't get a code" }));
    expect(screen.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
  });

  it('sends a code to a different address, suggesting a fix for a mistyped domain', async () => {
    const fake = setup();
    await userEvent.click(screen.getByRole('button', { name: "I didn't get a code" }));
    await userEvent.click(screen.getByRole('button', { name: 'Use a different email' }));
    const send = screen.getByRole('button', { name: 'Send code' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'New email address' }), 'sam@gmial.com');
    await userEvent.click(screen.getByRole('button', { name: 'sam@gmail.com' }));
    expect(screen.getByRole('textbox', { name: 'New email address' })).toHaveValue('sam@gmail.com');

    fake.answer(
      'POST',
      '/v1/users/change-verify-email',
      failWith(409, 'This email is already in use by another account.'),
    );
    await userEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This email is already in use by another account.',
    );
    fake.answer('POST', '/v1/users/change-verify-email', { message: 'Email sent successfully!' });
    await userEvent.click(send);
    await waitFor(() =>
      expect(fake.calls.at(-1)).toEqual(
        call('POST', '/v1/users/change-verify-email', { email: 'sam@gmail.com' }),
      ),
    );
    expect(await screen.findByText('s**@gmail.com')).toBeInTheDocument();
  });
});
