import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failWith, fakeHost, testUser } from '@cove/runtime/testing';
import { renderAccount } from '../../../testing/render-account';

const profile = () => screen.getByRole('region', { name: 'Profile' });

describe('the invite code in settings', () => {
  it('opens the add-invite-code popup and saves the code a fan types, once', async () => {
    const fake = fakeHost({
      user: testUser({ type: 'user', code_used: null }),
      popupOutcome: (spec) =>
        spec.kind === 'add-invite-code'
          ? { action: 'confirm', value: ' luna-rivers ' }
          : { action: 'dismiss' },
    });
    renderAccount('/account/settings', fake.host);
    await userEvent.click(within(profile()).getByRole('button', { name: 'Add an invite code' }));
    expect(await within(profile()).findByText('You joined with “luna-rivers”.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ code_used: 'luna-rivers' });
    expect(within(profile()).queryByRole('button', { name: 'Add an invite code' })).toBeNull();
  });

  it('changes nothing when the popup is closed, and shows the server\u2019s refusal', async () => {
    const closed = fakeHost({ user: testUser({ type: 'user', code_used: null }) });
    const { unmount } = renderAccount('/account/settings', closed.host);
    await userEvent.click(within(profile()).getByRole('button', { name: 'Add an invite code' }));
    expect(closed.calls.some((c) => c.method === 'PATCH')).toBe(false);
    unmount();

    const refused = fakeHost({
      user: testUser({ type: 'user', code_used: null }),
      popupOutcome: () => ({ action: 'confirm', value: 'tiger1' }),
      respond: (call) =>
        call.method === 'PATCH'
          ? failWith(409, 'An invite code was already used.', { code: 'code_already_used' })
          : undefined,
    });
    renderAccount('/account/settings', refused.host);
    await userEvent.click(within(profile()).getByRole('button', { name: 'Add an invite code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An invite code was already used.');
  });

  it('is a fan\u2019s: creators have none', () => {
    renderAccount('/account/settings', fakeHost({ user: testUser({ type: 'featured' }) }).host);
    expect(within(profile()).queryByText('Invite code')).toBeNull();
  });
});
