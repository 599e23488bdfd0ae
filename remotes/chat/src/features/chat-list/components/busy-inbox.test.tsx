import { act, screen, within } from '@testing-library/react';
import type * as Runtime from '@cove/runtime';
import { fakeHost, testChat, testChatsPage, testConfig, testMessage, testUser } from '@cove/runtime/testing';
import { renderChat } from '../../../testing/render-chat';

// Each row says when its last message came, once per render of the row: the calls count row renders.
jest.mock('@cove/runtime', () => {
  const actual = jest.requireActual<typeof Runtime>('@cove/runtime');
  return { ...actual, messageTime: jest.fn(actual.messageTime) };
});
const { messageTime } = jest.requireMock<{ messageTime: jest.Mock<string, [string | null]> }>(
  '@cove/runtime',
);

const fans = Array.from({ length: 30 }, (_, i) => `u-${i + 10}`);
/** The inbox as the server has it: fan i's last message came i minutes before the test. */
const chats = fans.map((id, i) =>
  testChat({
    other: { _id: id, username: `fan${i}` },
    last_message_time: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
    last_message_text: `Hello from fan${i}`,
  }),
);
const totals = {
  all: 30,
  online: 0,
  fans: 0,
  subscribers: 0,
  favorites: 0,
  unreplied: 30,
  vip: 0,
  recent: 30,
  sent: 0,
  top: 0,
  hidden: 0,
};
const rowNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((row) => /fan\d+/.exec(row.textContent ?? '')?.[0]);

/** The creator's inbox of 30 fans, shown. */
async function showInbox() {
  const fake = fakeHost({
    user: testUser({ _id: 'u-1', type: 'featured' }),
    respond: ({ path }) => (path === '/v1/chats/total' ? totals : testChatsPage(chats)),
  });
  fake.session.config = testConfig();
  renderChat('/chats', fake.host);
  const list = await screen.findByRole('list', { name: 'Chats' });
  expect(rowNames(list)).toHaveLength(30);
  return { fake, list };
}

const fromFan = (sender: string, n: number, at: string) => ({
  type: 'new_message' as const,
  seq: n + 1,
  created_at: at,
  message: testMessage({
    _id: String(1000 + n),
    chat_id: `c-${sender}`,
    sender_id: sender,
    recipient_id: 'u-1',
    text: `Message ${n}`,
    created_at: at,
  }),
});

describe('a busy inbox', () => {
  it('takes a burst of 200 messages in one render of the rows they moved, and none of the others', async () => {
    const { fake, list } = await showInbox();
    messageTime.mockClear();

    // Fans 20 to 24 write 40 messages each, in turn, all within one frame.
    const writers = fans.slice(20, 25);
    const at = new Date().toISOString();
    act(() => {
      for (let n = 0; n < 200; n += 1) fake.bus.pushServerEvent(fromFan(writers[n % 5] as string, n, at));
    });
    expect(await within(list).findByText('Message 199')).toBeInTheDocument();
    // The last writer on top, the others in the order they last wrote, then everyone else as before.
    expect(rowNames(list)).toEqual([
      'fan24',
      'fan23',
      'fan22',
      'fan21',
      'fan20',
      ...Array.from({ length: 20 }, (_, i) => `fan${i}`),
      ...Array.from({ length: 5 }, (_, i) => `fan${i + 25}`),
    ]);
    expect(within(list).getByRole('link', { name: /fan20/ })).toHaveTextContent('40');
    expect(within(list).getAllByLabelText('40 unread')).toHaveLength(5);
    // Each moved row rendered once; the 25 rows that only moved down a few places not at all.
    const rendered = messageTime.mock.calls.map(([time]) => time);
    expect(rendered).toEqual(Array.from({ length: 5 }, () => at));
  });

  it('keeps keyboard focus on a chat that moves to the top, and on one that others pass', async () => {
    const { fake, list } = await showInbox();
    const at = new Date().toISOString();
    within(list)
      .getByRole('link', { name: /fan20\b/ })
      .focus();
    act(() => fake.bus.pushServerEvent(fromFan('u-30', 1, at)));
    expect(await within(list).findByText('Message 1')).toBeInTheDocument();
    expect(rowNames(list).slice(0, 2)).toEqual(['fan20', 'fan0']);
    expect(document.activeElement).toHaveAccessibleName(/fan20\b/);

    within(list)
      .getByRole('link', { name: /fan3\b/ })
      .focus();
    act(() => fake.bus.pushServerEvent(fromFan('u-25', 2, at)));
    expect(await within(list).findByText('Message 2')).toBeInTheDocument();
    expect(rowNames(list).slice(0, 3)).toEqual(['fan15', 'fan20', 'fan0']);
    expect(document.activeElement).toHaveAccessibleName(/fan3\b/);
  });
});
