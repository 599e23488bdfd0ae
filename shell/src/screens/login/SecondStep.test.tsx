import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@cove/router';
import { failWith, testConfig, testUser } from '@cove/runtime/testing';
import { call, fakeServices } from '../../test/fake-services';
import { renderInShell } from '../../test/render-in-shell';
import { Login } from './Login';

/** A link lands for a person with an authenticator app: the server answers with a limited token. */
let links = 0;
function landLink(prepare: (fake: ReturnType<typeof fakeServices>) => void = () => undefined) {
  const fake = fakeServices();
  fake.answer('POST', '/v1/auth', { second_step_token: 'limited', second_step: true });
  fake.respond(() => testConfig({ is_guest: false }));
  prepare(fake);
  renderInShell(
    fake.services,
    <Routes>
      <Route path="/login" element={<Login />} />
      <Route path="*" element={<h1>Signed in</h1>} />
    </Routes>,
    // A link redeems once per page: each test lands a link of its own.
    `/login?token=link-${++links}`,
  );
  return fake;
}

const codeField = () => screen.findByRole('textbox', { name: 'Authenticator code' });

beforeEach(() => window.localStorage.clear());

describe('the second step of signing in', () => {
  it('asks for the app’s code, refuses a wrong one with the server’s words, and signs in with the right one', async () => {
    const fake = landLink();
    expect(await screen.findByRole('heading', { name: 'Confirm it’s you' })).toBeInTheDocument();
    // Not signed in yet: the limited token is not the session's.
    expect(fake.services.host.session.status).not.toBe('signed-in');
    expect(window.localStorage.getItem('auth-token')).toBeNull();

    fake.answer(
      'POST',
      '/v1/auth/second-step',
      failWith(
        400,
        'That code is not right. Check your authenticator app (or a recovery code) and try again.',
        {
          code: 'wrong_factor_code',
        },
      ),
    );
    await userEvent.type(await codeField(), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(fake.calls).toContainEqual(
      call('POST', '/v1/auth/second-step', { second_step_token: 'limited', code: '000000' }),
    );

    fake.answer('POST', '/v1/auth/second-step', { token: 'full', user: testUser() });
    await userEvent.type(await codeField(), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Signed in' })).toBeInTheDocument();
    await waitFor(() => expect(fake.services.host.session.status).toBe('signed-in'));
  });

  it('takes a recovery code in the same field', async () => {
    const fake = landLink();
    fake.answer('POST', '/v1/auth/second-step', { token: 'full', user: testUser({ type: 'featured' }) });
    await userEvent.type(await codeField(), 'abcd-efgh{Enter}');
    await waitFor(() =>
      expect(fake.calls).toContainEqual(
        call('POST', '/v1/auth/second-step', { second_step_token: 'limited', code: 'abcd-efgh' }),
      ),
    );
    await waitFor(() => expect(fake.services.host.session.status).toBe('signed-in'));
  });

  it('too many wrong codes end this sign-in: back to the email form, saying why', async () => {
    const fake = landLink();
    fake.answer(
      'POST',
      '/v1/auth/second-step',
      failWith(429, 'Too many wrong codes. Please sign in again.', { code: 'factor_locked' }),
    );
    await userEvent.type(await codeField(), '111111{Enter}');
    expect(await screen.findByRole('button', { name: 'Email me a sign-in link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many wrong codes. Please sign in again.');
    expect(fake.services.host.session.status).not.toBe('signed-in');
  });

  it('without a sign-in waiting, the step’s address shows the email form', async () => {
    const fake = fakeServices();
    renderInShell(
      fake.services,
      <Routes>
        <Route path="/login" element={<Login />} />
      </Routes>,
      '/login?step=code',
    );
    expect(await screen.findByRole('button', { name: 'Email me a sign-in link' })).toBeInTheDocument();
  });
});
