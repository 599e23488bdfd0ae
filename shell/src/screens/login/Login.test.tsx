import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { testUser } from '@cove/runtime/testing';
import { ShellContext } from '../../services/shell-context';
import { bannedFlag } from '../../session/stored-flags';
import { fakeServices } from '../../test/fake-services';
import { Login } from './Login';

function renderAt(path: string, prepare: (fake: ReturnType<typeof fakeServices>) => void = () => undefined) {
  const fake = fakeServices();
  prepare(fake);
  render(
    <ShellContext.Provider value={fake.services}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<Login />} />
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/chats/:id" element={<h1>Chat</h1>} />
        </Routes>
      </MemoryRouter>
    </ShellContext.Provider>,
  );
  return fake;
}

beforeEach(() => window.localStorage.clear());

describe('sign-in screen', () => {
  it('checks the address, offers a fix for a typo, and then says to check your email', async () => {
    const { api } = renderAt('/login?next=%2Fchats%2Fu-2');
    expect(document.title).toBe('Sign in · Cove');
    const field = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Required field cannot be blank');
    await userEvent.type(field, 'river@yaho.com');
    await userEvent.click(screen.getByRole('button', { name: 'river@yahoo.com' }));
    api.post.mockResolvedValueOnce({ message: 'Email sent successfully!' } as never);
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(api.post).toHaveBeenCalledWith(
      '/v1/users/sign',
      {
        email: 'river@yahoo.com',
        web: true,
        react_flow: true,
      },
      expect.anything(),
    );
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in · Cove');
    expect(screen.getByText(/Yahoo sometimes delays our emails/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Send again in \d+s/ })).toBeDisabled();
    expect(window.localStorage.getItem('cove:after-sign-in')).toBe('/chats/u-2');
  });

  it('shows the server’s refusal, such as a suspended account', async () => {
    const { api } = renderAt('/login');
    api.post.mockRejectedValueOnce({
      name: 'ApiError',
      status: 403,
      message: 'Your account has been temporarily suspended for violating the rules.',
    });
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
    const { api, services } = renderAt('/login?token=good-link', (fake) => {
      fake.api.post.mockResolvedValueOnce({ token: 'access', user: testUser() } as never);
      fake.api.get.mockRejectedValue({ name: 'ApiError', status: 0, message: 'aborted', aborted: true });
    });
    expect(api.post).toHaveBeenCalledWith('/v1/auth', { token: 'good-link' }, expect.anything());
    expect(screen.getByRole('heading', { name: 'Signing you in…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(services.host.session.status).toBe('signed-in');
  });

  it('explains a spent link and offers the form again', async () => {
    const fake = fakeServices();
    fake.api.post.mockRejectedValueOnce({
      name: 'ApiError',
      status: 410,
      message: 'This link has expired, links only last 1 hour.',
    });
    render(
      <ShellContext.Provider value={fake.services}>
        <MemoryRouter initialEntries={['/login?token=old-link']}>
          <Routes>
            <Route path="/login" element={<Login />} />
          </Routes>
        </MemoryRouter>
      </ShellContext.Provider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired, links only last 1 hour.',
    );
    expect(screen.getByRole('button', { name: 'Email me a sign-in link' })).toBeInTheDocument();
  });
});
