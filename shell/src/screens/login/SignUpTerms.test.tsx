import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@cove/router';
import { failWith } from '@cove/runtime/testing';
import { call, fakeServices } from '../../test/fake-services';
import { renderInShell } from '../../test/render-in-shell';
import { Privacy } from '../legal/Privacy';
import { Terms } from '../legal/Terms';
import { Login } from './Login';

function renderLogin() {
  const fake = fakeServices();
  renderInShell(
    fake.services,
    <Routes>
      <Route path="/login" element={<Login />} />
      <Route path="/terms" element={<Terms />} />
      <Route path="/privacy" element={<Privacy />} />
    </Routes>,
    '/login',
  );
  return fake;
}

const consent = () =>
  screen.getByRole('checkbox', {
    name: 'I am 18 or older and accept the Terms of Service and Privacy Policy',
  });

beforeEach(() => window.localStorage.clear());

describe('sign-up confirmation', () => {
  it('shows the server’s refusal unticked, and sends the confirmation once ticked', async () => {
    const fake = renderLogin();
    expect(consent()).not.toBeChecked();
    fake.answer(
      'POST',
      '/v1/users/sign',
      failWith(400, 'Please confirm you are 18 or older and accept the terms to create an account.', {
        code: 'terms_required',
      }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please confirm you are 18 or older and accept the terms to create an account.',
    );

    await userEvent.click(consent());
    fake.answer('POST', '/v1/users/sign', { message: 'Email sent successfully!' });
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await waitFor(() => expect(fake.calls).toHaveLength(2));
    expect(fake.calls.at(-1)).toEqual(
      call('POST', '/v1/users/sign', {
        email: 'new@example.com',
        web: true,
        react_flow: true,
        accept_terms: true,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  });

  it('links the terms and the privacy policy, each linking the other', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('link', { name: 'Terms of Service' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText(/You must be 18 or older/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(document.title).toBe('Privacy Policy · Cove');
  });
});
