import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failWith, fakeHost, testUser, type RecordedCall } from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

const off = { totp: false, passkeys: [], recovery_codes_left: 0, required: false, session_passed: true };
const enrolment = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_uri:
    'otpauth://totp/Cove%3Ariver%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Cove',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};
const codes = Array.from({ length: 10 }, (_, i) => `abc${i}-def${i}`);
const sessions = {
  data: [
    {
      _id: 's-1',
      device: 'Chrome on macOS',
      created_at: '2026-11-01T10:00:00Z',
      last_used_at: '2026-11-29T09:00:00Z',
      current: true,
    },
    {
      _id: 's-2',
      device: 'Safari on iOS',
      created_at: '2026-11-20T10:00:00Z',
      last_used_at: '2026-11-28T09:00:00Z',
      current: false,
    },
    {
      _id: 's-3',
      device: 'Firefox on Windows',
      created_at: '2026-11-21T10:00:00Z',
      last_used_at: '2026-11-22T09:00:00Z',
      current: false,
    },
  ],
};

function renderSecurity(user: ReturnType<typeof testUser>, respond: (call: RecordedCall) => unknown) {
  const fake = fakeHost({ user, respond });
  renderAccount('/account/security', fake.host);
  return fake;
}

beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
afterEach(() => window.localStorage.clear());

describe('setting up an authenticator app', () => {
  it('a fan scans the QR code or types the key, confirms with a first code, and sees the recovery codes once', async () => {
    let on = false;
    const { calls } = renderSecurity(testUser(), (call) => {
      if (call.path === '/v1/account/security')
        return on ? { ...off, totp: true, recovery_codes_left: 10 } : off;
      if (call.path === '/v1/account/sessions') return sessions;
      if (call.path === '/v1/account/security/totp') return enrolment;
      if (call.path === '/v1/account/security/totp/confirm') {
        if ((call.body as { code: string }).code === '000000')
          return failWith(
            400,
            'That code is not right. Check your authenticator app (or a recovery code) and try again.',
            {
              code: 'wrong_factor_code',
            },
          );
        on = true;
        return { recovery_codes: codes };
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code to add Cove to your app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByLabelText('Setup key')).toHaveTextContent(enrolment.secret);

    const field = screen.getByRole('textbox', { name: 'Code from your app' });
    await userEvent.type(field, '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    await userEvent.clear(field);
    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/v1/account/security/totp/confirm',
        body: { code: '123456' },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'I saved my recovery codes' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(await screen.findByText(/On: signing in and payout changes ask for a code/)).toBeInTheDocument();
    expect(screen.getByText('10 of 10 recovery codes left.')).toBeInTheDocument();
  });

  it('staff are told it is required', async () => {
    renderSecurity(testUser({ is_staff: true }), (call) => {
      if (call.path === '/v1/account/security') return { ...off, required: true, session_passed: false };
      if (call.path === '/v1/account/sessions') return sessions;
      return undefined;
    });
    expect(await screen.findByText(/This account needs a second factor/)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument();
  });

  it('with the app on, new recovery codes need a current code', async () => {
    renderSecurity(testUser({ type: 'featured' }), (call) => {
      if (call.path === '/v1/account/security') return { ...off, totp: true, recovery_codes_left: 3 };
      if (call.path === '/v1/account/sessions') return sessions;
      if (call.path === '/v1/account/security/recovery-codes') return { recovery_codes: codes };
      return undefined;
    });
    expect(await screen.findByText('3 of 10 recovery codes left.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Code from your app, to make new recovery codes' }),
      '654321{Enter}',
    );
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
  });
});

describe('sessions', () => {
  it('lists each device, marks this one, and signs one or all others out', async () => {
    let left = sessions.data;
    const { calls } = renderSecurity(testUser(), (call) => {
      if (call.path === '/v1/account/security') return off;
      if (call.path === '/v1/account/sessions') return { data: left };
      if (call.method === 'DELETE' && call.path === '/v1/account/sessions/s-2') {
        left = left.filter((s) => s._id !== 's-2');
        return undefined;
      }
      if (call.path === '/v1/account/sessions/sign-out-others') {
        left = left.filter((s) => s.current);
        return { signed_out: 1 };
      }
      return undefined;
    });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(list).getByRole('listitem', { name: 'Chrome on macOS, this device' })).toHaveTextContent(
      'This device',
    );
    expect(within(list).queryByRole('button', { name: 'Sign out Chrome on macOS' })).toBeNull();

    await userEvent.click(within(list).getByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Safari on iOS' })).toBeNull());
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: '/v1/account/sessions/s-2' }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Sign out of other devices' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Firefox on Windows' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Sign out of other devices' })).toBeNull();
  });
});

const passkey = (name: string, lastUsed: string | null = null) => ({
  _id: `pk-${name}`,
  name,
  created_at: '2026-11-01T10:00:00Z',
  last_used_at: lastUsed,
});

describe('passkeys', () => {
  it('lists each passkey with when it was added and last used, and removes one', async () => {
    let keys = [passkey('Work laptop', '2026-11-28T09:00:00Z'), passkey('Phone')];
    const { calls } = renderSecurity(testUser({ type: 'featured' }), (call) => {
      if (call.path === '/v1/account/security') return { ...off, passkeys: keys, recovery_codes_left: 10 };
      if (call.path === '/v1/account/sessions') return sessions;
      if (call.method === 'DELETE' && call.path === '/v1/account/security/passkeys/pk-Phone') {
        keys = keys.filter((k) => k._id !== 'pk-Phone');
        return null;
      }
      if (call.method === 'DELETE')
        return failWith(
          409,
          'This is your last second factor. Add another passkey or an authenticator app before removing it.',
          { code: 'last_factor' },
        );
      return undefined;
    });
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const laptop = within(list).getByRole('listitem', { name: 'Work laptop' });
    expect(laptop).toHaveTextContent(/Added .* · last used /);
    expect(within(list).getByRole('listitem', { name: 'Phone' })).toHaveTextContent('not used yet');
    expect(screen.getByText('10 of 10 recovery codes left.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Phone' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Phone' })).toBeNull());
    expect(
      calls.some((c) => c.method === 'DELETE' && c.path === '/v1/account/security/passkeys/pk-Phone'),
    ).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is your last second factor.');
    expect(screen.getByRole('listitem', { name: 'Work laptop' })).toBeInTheDocument();
  });

  it('says so when the browser cannot make passkeys', async () => {
    renderSecurity(testUser(), (call) => {
      if (call.path === '/v1/account/security') return off;
      if (call.path === '/v1/account/sessions') return sessions;
      return undefined;
    });
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
    expect(screen.getByText('This browser cannot make passkeys.')).toBeInTheDocument();
  });
});

describe('the overview', () => {
  it('offers a creator without an app to set one up', async () => {
    const fake = fakeHost({
      user: testUser({ type: 'featured' }),
      respond: (call) => (call.path === '/v1/account/security' ? off : undefined),
    });
    renderAccount('/account', fake.host);
    const offer = await screen.findByRole('region', { name: 'Protect your earnings' });
    expect(within(offer).getByRole('link', { name: 'Set up a second factor' })).toHaveAttribute(
      'href',
      '/account/security',
    );
  });

  it('says nothing to a creator with a passkey', async () => {
    const withKey = { ...off, passkeys: [passkey('Laptop')] };
    const creator = fakeHost({ user: testUser({ type: 'featured' }), respond: () => withKey });
    renderAccount('/account', creator.host);
    await waitFor(() => expect(creator.calls.some((c) => c.path === '/v1/account/security')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Protect your earnings' })).toBeNull();
  });

  it('says nothing to a creator whose app is on, nor to a fan', async () => {
    const on = { ...off, totp: true };
    const creator = fakeHost({ user: testUser({ type: 'featured' }), respond: () => on });
    const view = renderAccount('/account', creator.host);
    await waitFor(() => expect(creator.calls.some((c) => c.path === '/v1/account/security')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Protect your earnings' })).toBeNull();
    view.unmount();
    const fan = fakeHost({ user: testUser(), respond: () => off });
    renderAccount('/account', fan.host);
    expect(screen.queryByRole('region', { name: 'Protect your earnings' })).toBeNull();
    expect(fan.calls.some((c) => c.path === '/v1/account/security')).toBe(false);
  });
});

describe('the sessions list', () => {
  it('shows a sign-in and a sign-out on another device as soon as they are announced', async () => {
    let list = sessions.data.slice(0, 2);
    const fake = renderSecurity(testUser(), (call) => {
      if (call.path === '/v1/account/security') return off;
      if (call.path === '/v1/account/sessions') return { data: list };
      return undefined;
    });
    const shown = await screen.findByRole('list', { name: 'Sessions' });
    expect(shown).toHaveTextContent('Safari on iOS');
    expect(shown).not.toHaveTextContent('Firefox on Windows');

    list = sessions.data;
    act(() =>
      fake.bus.pushServerEvent({ type: 'sessions_updated', seq: 2, created_at: '2026-11-29T10:00:00Z' }),
    );
    expect(await within(shown).findByText('Firefox on Windows')).toBeInTheDocument();

    list = sessions.data.filter((s) => s.device !== 'Safari on iOS');
    act(() =>
      fake.bus.pushServerEvent({ type: 'sessions_updated', seq: 3, created_at: '2026-11-29T10:01:00Z' }),
    );
    await waitFor(() => expect(shown).not.toHaveTextContent('Safari on iOS'));
  });
});
