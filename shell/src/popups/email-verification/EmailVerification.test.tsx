import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ShellContext } from '../app/shell-context';
import { fakeServices } from '../test/fake-services';
import { PopupLayer } from './PopupLayer';

function setup() {
  const fake = fakeServices();
  render(
    <ShellContext.Provider value={fake.services}>
      <MemoryRouter>
        <PopupLayer />
      </MemoryRouter>
    </ShellContext.Provider>,
  );
  return fake;
}

const digits = () => [1, 2, 3, 4].map((n) => screen.getByRole('textbox', { name: `Digit ${n}` }));

describe('email verification popup', () => {
  it('clears the four boxes and shows the server message on a wrong code, then closes on success', async () => {
    const { services, api } = setup();
    api.post.mockRejectedValueOnce({
      name: 'ApiError',
      status: 400,
      message: 'Wrong code. Please try again.',
    });
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = services.host.popups.open({
        kind: 'email-verification',
        flow: 'action',
        email: 'a@b.co',
      }).outcome;
    });
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    for (const [i, box] of digits().entries()) await userEvent.type(box, String(i + 1));
    expect(verify).toBeEnabled();
    await userEvent.click(verify);
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong code. Please try again.');
    expect(digits().map((d) => (d as HTMLInputElement).value)).toEqual(['', '', '', '']);
    expect(api.post).toHaveBeenCalledWith('/v1/users/verify-email', { code: '1234' });

    for (const [i, box] of digits().entries()) await userEvent.type(box, String(i + 5));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await expect(outcome).resolves.toEqual({ action: 'confirm' });
  });

  it('offers a resend from the help stage with a 30 s cooldown', async () => {
    const { services, api } = setup();
    act(
      () =>
        void services.host.popups.open({ kind: 'email-verification', flow: 'onboarding', email: 'a@b.co' }),
    );
    await userEvent.click(screen.getByRole('button', { name: "I didn't get a code" }));
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(api.post).toHaveBeenCalledWith('/v1/users/resend-verify', {
      email: 'a@b.co',
      web: true,
      react_flow: true,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Email sent successfully!');
    await userEvent.click(screen.getByRole('button', { name: "I didn't get a code" }));
    expect(screen.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
  });
});
