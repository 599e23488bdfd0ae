import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message, MessageNotice } from '@cove/contracts';
import { testChatUser, testMessage, testUser } from '@cove/runtime/testing';
import { chat, now, openChat, thread, signedIn } from '../testing/conversation-harness';

signedIn();

/** A money line Cove wrote for u-1 alone: no sentence, its kind and amount in credits. */
const line = (_id: string, type: Message['type'], notice: MessageNotice, from = 'u-2') =>
  testMessage({
    _id,
    type,
    system: true,
    text: '',
    notice,
    sender_id: from,
    recipient_id: 'u-1',
    created_at: now,
  });

/** Everything the thread says, as one text: no amount in it may be in credits. */
const threadText = async () => (await thread()).textContent ?? '';

describe('money lines in the thread', () => {
  it('show the fan every amount in dollars, worded for the fan', async () => {
    openChat({
      chat: chat({ credit_rate: 15 }),
      messages: [
        line('4', 'for_user_subscription', { kind: 'subscribed', amount: 99 }),
        line('3', 'intro_ended', { kind: 'intro_ended', amount: 15 }),
        line('2', 'for_user_rate_changed', { kind: 'rate_changed', amount: 15 }),
        line('1', 'tip_user', { kind: 'tip', amount: 50 }, 'u-1'),
      ],
    });
    const messages = await thread();
    for (const text of [
      'You tipped $5.00.',
      'Messages in this chat now cost $1.50 each.',
      'Your intro is over: messages now cost $1.50 each.',
      'You subscribed to maya for $9.90 a month.',
    ])
      expect(await within(messages).findByText(text)).toBeInTheDocument();
    expect(await threadText()).not.toMatch(/credit/i);
    // The composer says what the next message costs, in the same dollars.
    expect(screen.getByRole('form', { name: 'Write a message' })).toHaveTextContent(
      'Each message costs $1.50.',
    );
  });

  it('show the creator the same amounts worded for the creator, naming the fan', async () => {
    openChat({
      user: testUser({ _id: 'u-1', type: 'featured' }),
      respond: ({ path }) =>
        path === '/v1/chat'
          ? { data: chat(), user: testChatUser({ _id: 'u-2', username: 'sam', type: 'user' }) }
          : undefined,
      messages: [
        line('3', 'for_model_subscription', { kind: 'subscribed', amount: 12_345 }),
        line('2', 'intro_ended_model', { kind: 'intro_ended', amount: 15 }),
        line('1', 'tip_model', { kind: 'tip', amount: 50 }),
      ],
    });
    const messages = await thread();
    for (const text of [
      'sam tipped you $5.00.',
      'The intro is over: sam now pays $1.50 per message.',
      'sam subscribed for $1,234.50 a month.',
    ])
      expect(await within(messages).findByText(text)).toBeInTheDocument();
    expect(await threadText()).not.toMatch(/credit/i);
  });

  it('tell the creator in dollars what a fan pays for the media being priced', async () => {
    openChat({ user: testUser({ _id: 'u-1', type: 'featured' }) });
    await thread();
    const photo = new File([new Uint8Array(2048)], 'beach.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Photo or video file'), { target: { files: [photo] } });
    const price = await screen.findByRole('spinbutton', { name: 'Price ($)' });
    expect(price).toHaveAccessibleDescription('Free to see.');
    await userEvent.type(price, '2.5');
    expect(price).toHaveAccessibleDescription('Fans pay $2.50 to see it.');
    await userEvent.clear(price);
    await userEvent.type(price, '2.55');
    // Without the usd_content permission the cap is $100 (docs/rules.md, switches).
    expect(price).toHaveAccessibleDescription('Enter a price from $0.00 to $100.00.');
  });
});
