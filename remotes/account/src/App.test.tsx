import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate } from '@cove/runtime';
import { failWith, fakeHost, testUser, type RecordedCall } from '@cove/runtime/testing';
import { renderAccount } from './testing/render-account';

/** The reads the payment pages make on show, answered as an account with no cards would be. */
const paymentReads = (call: RecordedCall) => {
  if (call.path === '/v1/cc') return { data: [] };
  if (call.path === '/v1/payment/packages')
    return {
      data: [{ amount: 100, bonus: 0, popular: true }],
      provider: { name: 'sandbox', tokenize_url: '/sandbox/v1/tokens', test_cards: [] },
      first_purchase_bonus: 0,
      crypto: false,
    };
  return undefined;
};

describe('account', () => {
  it('asks signed-out people to sign in', () => {
    renderAccount('/account', fakeHost({ user: null }).host);
    expect(screen.getByRole('heading', { name: 'Sign in to manage your account' })).toBeInTheDocument();
  });

  it('names the browser tab after the section on show, signed in or not', async () => {
    renderAccount('/account/vault', fakeHost({ user: null }).host);
    expect(document.title).toBe('Vault · Cove');
    cleanup();

    renderAccount('/account/settings/privacy', fakeHost({ user: testUser(), respond: paymentReads }).host);
    expect(document.title).toBe('Settings · Cove');
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Saved cards' }));
    expect(document.title).toBe('Saved cards · Cove');
    await userEvent.click(within(nav).getByRole('link', { name: 'Overview' }));
    expect(document.title).toBe('Account · Cove');
  });

  it('shows who is signed in and their balance, with the sections a fan has', () => {
    renderAccount('/account', fakeHost({ user: testUser({ credits: 250 }) }).host);
    expect(screen.getByText('river')).toBeInTheDocument();
    expect(screen.getByText('$25.00')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(nav).queryByRole('link', { name: 'Earnings' })).toBeNull();
  });

  it('leads back to the chat from get-credits when it was opened with one to return to', () => {
    renderAccount('/account/get-credits', fakeHost({ user: testUser(), respond: paymentReads }).host, {
      backTo: '/chats/u-2',
      purchase: { model_id: 'u-2', chat_id: 'c-2' },
    });
    expect(screen.getByRole('heading', { name: 'Get credits' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the chat' })).toHaveAttribute('href', '/chats/u-2');
    cleanup();

    renderAccount('/account/get-credits', fakeHost({ user: testUser(), respond: paymentReads }).host, {
      backTo: '//elsewhere.example',
    });
    expect(screen.getByRole('heading', { name: 'Get credits' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to the chat' })).toBeNull();
  });

  it('lists earnings for creators, leading to the payouts area', () => {
    renderAccount('/account', fakeHost({ user: testUser({ type: 'featured' }) }).host);
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(nav).getByRole('link', { name: 'Earnings' })).toHaveAttribute(
      'href',
      '/account/earnings/summary',
    );
  });

  it('saves a setting at once and puts it back when the server refuses', async () => {
    let refuse = false;
    const { host, calls } = fakeHost({
      user: testUser(),
      respond: () => (refuse ? failWith(403, 'Forbidden') : undefined),
    });
    renderAccount('/account/settings', host);
    const invisible = screen.getByRole('switch', { name: /Invisible profile/ });
    await userEvent.click(invisible);
    expect(invisible).toBeChecked();
    expect(calls[0]).toEqual({
      method: 'PATCH',
      path: '/v1/users/u-1',
      body: { invisible: true },
      query: {},
    });

    refuse = true;
    const marketing = screen.getByRole('switch', { name: /News and offers/ });
    await userEvent.click(marketing);
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden');
    expect(marketing).not.toBeChecked();
  });

  it('shows only the visibility switch on the privacy page', () => {
    renderAccount('/account/settings/privacy', fakeHost({ user: testUser(), respond: paymentReads }).host);
    expect(screen.getAllByRole('switch')).toHaveLength(1);
  });

  it('turns a notification on and keeps the others as they were', async () => {
    const { host, calls } = fakeHost({ user: testUser() });
    renderAccount('/account/settings', host);
    await userEvent.click(screen.getByRole('switch', { name: /News and offers/ }));
    expect(calls[0]?.body).toEqual({ notification_settings: { marketing: true } });
    expect(screen.getByRole('switch', { name: /News and offers/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Messages/ })).toBeChecked();
  });

  it('shows when a scheduled deletion happens, and keeps the account on request', async () => {
    const { host, calls } = fakeHost({
      user: testUser({ deleted_scheduled: true, delete_at: '2026-12-24T12:00:00.000Z' }),
    });
    renderAccount('/account/settings', host);
    const zone = screen.getByRole('region', { name: 'Account' });
    expect(zone).toHaveTextContent(
      `Your account will be deleted on ${formatDate('2026-12-24T12:00:00.000Z')}.`,
    );
    await userEvent.click(within(zone).getByRole('button', { name: 'Keep my account' }));
    expect(await within(zone).findByRole('button', { name: 'Delete account' })).toBeEnabled();
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', body: { deleted_scheduled: false } });
  });

  it('logs out from settings', async () => {
    const fake = fakeHost({ user: testUser() });
    renderAccount('/account/settings', fake.host);
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Account' })).getByRole('button', { name: 'Log out' }),
    );
    expect(fake.account.logouts).toBe(1);
  });

  it('edits the profile with a live username check', async () => {
    const { host, calls } = fakeHost({
      user: testUser({ username: 'river', gender: null }),
      respond: (call) =>
        call.path === '/v1/username-available'
          ? call.query?.username === 'taken'
            ? { available: false, message: 'This Username Has Already Been Taken' }
            : { available: true, message: null }
          : undefined,
    });
    renderAccount('/account/edit-profile', host);
    const field = screen.getByRole('textbox', { name: 'Username' });
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'ab');
    expect(screen.getByText('Username should contain at least 3 characters')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'taken');
    expect(await screen.findByText('This Username Has Already Been Taken')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'river-2');
    expect(await screen.findByText('river-2 is available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Woman' }));
    await userEvent.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('Profile saved');
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', body: { username: 'river-2', gender: 'female' } });
  });
});
