import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeHost, testChat, testChatsPage, testConfig, testMessage, testUser } from '@cove/runtime/testing';
import { renderChat } from '../../../testing/render-chat';

const now = new Date().toISOString();
const zero = {
  all: 2,
  online: 0,
  fans: 1,
  subscribers: 0,
  favorites: 0,
  unreplied: 0,
  vip: 0,
  recent: 2,
  sent: 2,
  top: 1,
  hidden: 0,
};

/** A creator's inbox whose server answers change as the test says. */
function creatorInbox() {
  const server = {
    totals: zero,
    chats: [
      testChat({ other: { _id: 'u-2', username: 'maya' }, credits: 100 }),
      testChat({ other: { _id: 'u-3', username: 'noah' }, credits: 0 }),
    ],
  };
  const fake = fakeHost({
    user: testUser({ _id: 'u-1', type: 'featured' }),
    respond: ({ path }) => (path === '/v1/chats/total' ? server.totals : testChatsPage(server.chats)),
  });
  fake.session.config = testConfig();
  renderChat('/chats', fake.host);
  return { fake, server };
}

const tabs = () => screen.getByRole('tablist', { name: 'Chat filters' });

describe('live numbers on the chat list', () => {
  it('updates the tab totals from the server when a fan writes, without a reload', async () => {
    const { fake, server } = creatorInbox();
    expect(await within(tabs()).findByRole('tab', { name: 'Sent 2' })).toBeInTheDocument();
    expect(within(tabs()).getByRole('tab', { name: 'Unreplied' })).toBeInTheDocument();

    server.totals = { ...zero, unreplied: 1, sent: 1 };
    act(() =>
      fake.bus.pushServerEvent({
        type: 'new_message',
        seq: 1,
        created_at: now,
        message: testMessage({ chat_id: 'c-u-2', sender_id: 'u-2', text: 'Hi!', created_at: now }),
      }),
    );
    expect(await within(tabs()).findByRole('tab', { name: 'Unreplied 1' })).toBeInTheDocument();
    expect(within(tabs()).getByRole('tab', { name: 'Sent 1' })).toBeInTheDocument();
  });

  it('counts someone coming online in the Online tab', async () => {
    const { fake, server } = creatorInbox();
    expect(await within(tabs()).findByRole('tab', { name: 'Sent 2' })).toBeInTheDocument();
    server.totals = { ...zero, online: 1 };
    act(() => fake.bus.pushServerEvent({ type: 'user_online', user_id: 'u-3' }));
    expect(await within(tabs()).findByRole('tab', { name: 'Online 1' })).toBeInTheDocument();
  });

  it("ticks a fan's spend when they buy a paid message, and the Fans total with it", async () => {
    const { fake, server } = creatorInbox();
    await userEvent.click(await screen.findByRole('button', { name: 'Show spend' }));
    const list = await screen.findByRole('list', { name: 'Chats' });
    expect(within(list).getByLabelText('Spent $10.00')).toBeInTheDocument();

    server.chats = server.chats.map((c) => (c.chat_id === 'c-u-3' ? { ...c, credits: 250 } : c));
    server.totals = { ...zero, fans: 2 };
    act(() =>
      fake.bus.pushServerEvent({
        type: 'message_paid',
        seq: 1,
        created_at: now,
        message_id: '7',
        chat_id: 'c-u-3',
        destruct_at: null,
      }),
    );
    expect(await within(list).findByLabelText('Spent $25.00')).toBeInTheDocument();
    expect(await within(tabs()).findByRole('tab', { name: /^Fans 2/ })).toBeInTheDocument();
  });

  it('reads a burst of news with at most two reads of the totals', async () => {
    const { fake } = creatorInbox();
    expect(await within(tabs()).findByRole('tab', { name: 'Sent 2' })).toBeInTheDocument();
    const before = fake.calls.filter((c) => c.path === '/v1/chats/total').length;
    act(() => {
      for (let i = 0; i < 50; i += 1) fake.bus.pushServerEvent({ type: 'user_online', user_id: `u-${i}` });
    });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    const reads = fake.calls.filter((c) => c.path === '/v1/chats/total').length - before;
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(2);
  });
});
