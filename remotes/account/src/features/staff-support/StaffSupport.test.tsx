import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeHost, testMessage, testUser, type RecordedCall } from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

const supportId = 'u-support';
const profile = (id: string, username: string) => ({
  _id: id,
  username,
  type: 'user' as const,
  gender: null,
  avatar_url: null,
  last_online: null,
  is_online: false,
  intro_enabled: false,
});

/** The support desk's server: Drew (frozen, waiting) first, Kim answered; replies join Drew's thread. */
function server() {
  const thread = [
    testMessage({
      _id: '2',
      chat_id: 'c-drew',
      sender_id: 'u-drew',
      recipient_id: supportId,
      text: 'It was not me',
    }),
    testMessage({
      _id: '1',
      chat_id: 'c-drew',
      sender_id: supportId,
      recipient_id: 'u-drew',
      text: 'Your account is frozen',
    }),
  ];
  return (call: RecordedCall) => {
    if (call.path === '/v1/admin/support/chats')
      return {
        data: [
          {
            chat_id: 'c-drew',
            user: profile('u-drew', 'drew-fan'),
            frozen: true,
            unread: 1,
            last_message_text: 'It was not me',
            last_message_at: '2026-01-02T10:00:00.000Z',
          },
          {
            chat_id: 'c-kim',
            user: profile('u-kim', 'kim-fan'),
            frozen: false,
            unread: 0,
            last_message_text: 'Thanks!',
            last_message_at: '2026-01-01T10:00:00.000Z',
          },
        ],
        next: null,
      };
    if (call.path === '/v1/admin/support/chats/c-drew/messages' && call.method === 'GET')
      return { data: thread, next: null };
    if (call.path === '/v1/admin/support/chats/c-drew/messages' && call.method === 'POST') {
      const reply = testMessage({
        _id: String(thread.length + 1),
        chat_id: 'c-drew',
        sender_id: supportId,
        recipient_id: 'u-drew',
        text: (call.body as { text: string }).text,
      });
      thread.unshift(reply);
      return { data: reply };
    }
    return undefined;
  };
}

const staff = testUser({ is_staff: true });

describe('support chats for staff', () => {
  it('lists support chats with the waiting one first, opens a thread and answers as support', async () => {
    const fake = fakeHost({ user: staff, respond: server() });
    renderAccount('/account/support-chats', fake.host);
    const list = await screen.findByRole('list', { name: 'Support chats' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/drew-fanFrozenIt was not me.*1 unread$/),
      expect.stringMatching(/kim-fanThanks!/),
    ]);

    await userEvent.click(rows[0] as HTMLElement);
    const thread = await screen.findByRole('region', { name: 'Support chat with drew-fan' });
    const messages = await within(thread).findByRole('list', { name: 'Messages' });
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((m) => m.textContent),
    ).toEqual([
      expect.stringContaining('SupportYour account is frozen'),
      expect.stringContaining('drew-fanIt was not me'),
    ]);

    await userEvent.type(within(thread).getByRole('textbox', { name: 'Answer as support' }), 'We are on it');
    await userEvent.click(within(thread).getByRole('button', { name: 'Send' }));
    expect(await within(messages).findByText('We are on it')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/v1/admin/support/chats/c-drew/messages',
      body: { text: 'We are on it', send_id: expect.any(String) },
    });
    expect(within(thread).getByRole('textbox', { name: 'Answer as support' })).toHaveValue('');
  });

  it('is in the nav for staff only, and tells anyone else it is for staff', async () => {
    renderAccount('/account', fakeHost({ user: staff, respond: server() }).host);
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(nav).getByRole('link', { name: 'Support chats' })).toHaveAttribute(
      'href',
      '/account/support-chats',
    );
  });

  it('offers a fan neither the nav item nor the screen', () => {
    renderAccount('/account/support-chats', fakeHost({ user: testUser() }).host);
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(nav).queryByRole('link', { name: 'Support chats' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'There is no such account page' })).toBeInTheDocument();
  });
});
