import { act, screen, within } from '@testing-library/react';
import { fakeHost, testChat, testChatsPage, testMessage, testUser } from '@cove/runtime/testing';
import { renderChat } from '../../../testing/render-chat';

const now = new Date().toISOString();
/** A chat whose last message is a 75-credit tip the fan u-2 sent the creator u-1. */
const tipped = testChat({
  other: { _id: 'u-2', username: 'sam' },
  last_message_text: 'Tip',
  last_message_time: now,
  last_message_sender_id: 'u-2',
  last_message_notice: { kind: 'tip', amount: 75 },
});

describe('chat list previews of money lines', () => {
  it('name the amount in dollars, worded for the creator', async () => {
    const fake = fakeHost({
      user: testUser({ _id: 'u-1', type: 'featured' }),
      respond: () => testChatsPage([tipped]),
    });
    renderChat('/chats', fake.host);
    const list = await screen.findByRole('list', { name: 'Chats' });
    expect(within(list).getByRole('link', { name: /sam/ })).toHaveTextContent('Tipped you $7.50.');
  });

  it('name the amount worded for the fan who tipped, live as the tip arrives', async () => {
    const creator = testChat({
      other: { _id: 'u-1', username: 'luna' },
      last_message_text: 'Hi',
      last_message_time: now,
    });
    const fake = fakeHost({ user: testUser({ _id: 'u-2' }), respond: () => testChatsPage([creator]) });
    renderChat('/chats', fake.host);
    const list = await screen.findByRole('list', { name: 'Chats' });
    act(() =>
      fake.bus.pushServerEvent({
        type: 'new_message',
        seq: 1,
        created_at: now,
        message: testMessage({
          chat_id: creator.chat_id,
          type: 'tip_user',
          system: true,
          text: '',
          notice: { kind: 'tip', amount: 120 },
          sender_id: 'u-2',
          recipient_id: 'u-1',
          created_at: now,
        }),
      }),
    );
    expect(await within(list).findByText('You tipped $12.00.')).toBeInTheDocument();
    expect(list).not.toHaveTextContent(/credit/i);
  });
});
