import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@cove/router';
import { failWith, testConfig, testUser } from '@cove/runtime/testing';
import { bannedFlag } from '../../session/stored-flags';
import { call, fakeServices } from '../../test/fake-services';
import { renderInShell } from '../../test/render-in-shell';
import { Login } from './Login';

function renderAt(path: string, prepare: (fake: ReturnType<typeof fakeServices>) => void = () => undefined) {
  const fake = fakeServices();
  prepare(fake);
  renderInShell(
    fake.services,
    <Routes>
      <Route path="/login" element={<Login />} />
      <Route path="/" element={<h1>Home</h1>} />
      <Route path="/chats/:id" element={<h1>Chat</h1>} />
    </Routes>,
    path,
  );
  return fake;
}

beforeEach(() => window.localStorage.clear());

describe('sign-in screen', () => {
  it('checks the address, offers a fix for a typo, and then says to check your email', async () => {
    const fake = renderAt('/login?next=%2Fchats%2Fu-2');
    expect(document.title).toBe('Sign in · Cove');
    const field = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Required field cannot be blank');
    await userEvent.type(field, 'river@yaho.com');
    await userEvent.click(screen.getByRole('button', { name: 'river@yahoo.com' }));
    fake.answer('POST', '/v1/users/sign', { message: 'Email sent successfully!' });
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await waitFor(() =>
      expect(fake.calls).toContainEqual(
        call('POST', '/v1/users/sign', { email: 'river@yahoo.com', web: true, react_flow: true }),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in · Cove');
    expect(screen.getByText(/Yahoo sometimes delays our emails/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Send again in \d+s/ })).toBeDisabled();
    expect(window.localStorage.getItem('cove:after-sign-in')).toBe('/chats/u-2');
  });

  it('shows the server’s refusal, such as a suspended account', async () => {
    const fake = renderAt('/login');
    fake.answer(
      'POST',
      '/v1/users/sign',
      failWith(403, 'Your account has been temporarily suspended for violating the rules.'),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'gone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('temporarily suspended');
  });

  it('says why after a ban left its mark in this browser', () => {
    bannedFlag.set();
    renderAt('/login');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your account has been temporarily suspended for violating the rules.',
    );
  });

  it('lands a sign-in link: signs in and goes where the person was heading', async () => {
    window.localStorage.setItem('cove:after-sign-in', '/chats/u-2');
    const fake = renderAt('/login?token=good-link', (fake) => {
      fake.answer('POST', '/v1/auth', { token: 'access', user: testUser() });
      fake.respond(() => testConfig({ is_guest: false }));
    });
    const { services } = fake;
    expect(screen.getByRole('heading', { name: 'Signing you in…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(fake.calls).toContainEqual(call('POST', '/v1/auth', { token: 'good-link' }));
    expect(services.host.session.status).toBe('signed-in');
  });

  it('explains a spent link and offers the form again', async () => {
    renderAt('/login?token=old-link', (fake) =>
      fake.answer('POST', '/v1/auth', failWith(410, 'This link has expired, links only last 1 hour.')),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired, links only last 1 hour.',
    );
    expect(screen.getByRole('button', { name: 'Email me a sign-in link' })).toBeInTheDocument();
  });
});
