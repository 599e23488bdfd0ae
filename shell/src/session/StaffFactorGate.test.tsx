import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from '@cove/router';
import { signIn } from '@cove/runtime/shell';
import { testUser } from '@cove/runtime/testing';
import { call, fakeServices } from '../test/fake-services';
import { renderInShell } from '../test/render-in-shell';
import { StaffFactorGate } from './StaffFactorGate';

const status = (passed: boolean, totp = passed) => ({
  totp,
  passkeys: [],
  recovery_codes_left: totp ? 10 : 0,
  required: true,
  session_passed: passed,
});

function renderAs(user: ReturnType<typeof testUser>, answer?: object) {
  const fake = fakeServices();
  signIn(fake.services.host.session, user);
  if (answer) fake.answer('GET', '/v1/account/security', answer);
  renderInShell(
    fake.services,
    <>
      <StaffFactorGate />
      <Routes>
        <Route path="/chats" element={<h1>Chats</h1>} />
        <Route path="/account/security" element={<h1>Security</h1>} />
      </Routes>
    </>,
    '/chats',
  );
  return fake;
}

describe('staff without a second factor', () => {
  it('are led to set one up before anything else', async () => {
    renderAs(testUser({ is_staff: true }), status(false));
    expect(await screen.findByRole('heading', { name: 'Security' })).toBeInTheDocument();
  });

  it('who passed it stay where they are', async () => {
    const fake = renderAs(testUser({ is_staff_mo: true }), status(true));
    await waitFor(() => expect(fake.calls).toContainEqual(call('GET', '/v1/account/security')));
    expect(screen.getByRole('heading', { name: 'Chats' })).toBeInTheDocument();
  });

  it('fans and creators are never asked', async () => {
    const fake = renderAs(testUser({ type: 'featured' }));
    expect(screen.getByRole('heading', { name: 'Chats' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.calls).not.toContainEqual(call('GET', '/v1/account/security'));
  });
});
