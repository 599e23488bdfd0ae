import { chatPreviewText, systemLineText, type MessageNotice } from './system-line';

const line = (type: string, notice: MessageNotice | null, text = '') => ({ type, text, notice });

describe('system lines', () => {
  it('words a tip for each side in dollars', () => {
    const tip = { kind: 'tip', amount: 50 } as const;
    expect(systemLineText(line('tip_user', tip), 'luna-rivers')).toBe('You tipped $5.00.');
    expect(systemLineText(line('tip_model', tip), 'sam-fan')).toBe('sam-fan tipped you $5.00.');
    expect(systemLineText(line('tip_model', tip), null)).toBe('A fan tipped you $5.00.');
  });

  it('words a rate change and the end of an intro for each side', () => {
    const rate = { kind: 'rate_changed', amount: 15 } as const;
    expect(systemLineText(line('for_model_rate_changed', rate), 'sam-fan')).toBe(
      'You changed the rate to $1.50 per message.',
    );
    expect(systemLineText(line('for_user_rate_changed', rate), 'luna-rivers')).toBe(
      'Messages in this chat now cost $1.50 each.',
    );
    const intro = { kind: 'intro_ended', amount: 20 } as const;
    expect(systemLineText(line('intro_ended', intro), 'luna-rivers')).toBe(
      'Your intro is over: messages now cost $2.00 each.',
    );
    expect(systemLineText(line('intro_ended_model', intro), 'sam-fan')).toBe(
      'The intro is over: sam-fan now pays $2.00 per message.',
    );
  });

  it('words the start of an intro for each side', () => {
    const intro = { kind: 'intro_started', amount: 15 } as const;
    expect(systemLineText(line('for_user_intro', intro), 'luna-rivers')).toBe(
      'This is an intro: your first message to luna-rivers is free. Once they reply, messages cost $1.50 each.',
    );
    expect(systemLineText(line('for_model_intro', intro), 'sam-fan')).toBe(
      'sam-fan started an intro: their first message is free, and your reply starts the paid chat at $1.50 per message.',
    );
  });

  it('words subscriptions and a failed renewal, large amounts grouped', () => {
    const subscribed = { kind: 'subscribed', amount: 12_345 } as const;
    expect(systemLineText(line('for_user_subscription', subscribed), 'luna-rivers')).toBe(
      'You subscribed to luna-rivers for $1,234.50 a month.',
    );
    expect(systemLineText(line('for_model_subscription', subscribed), 'alex-fan')).toBe(
      'alex-fan subscribed for $1,234.50 a month.',
    );
    expect(
      systemLineText(line('for_user_subscription', { kind: 'renewal_failed', amount: 99 }), 'luna-rivers'),
    ).toBe('Your subscription to luna-rivers ended: your balance was below its price of $9.90 a month.');
  });

  it('shows the stored text of a line without an amount, and never a notice on the wrong copy', () => {
    expect(systemLineText(line('for_user', null, 'Welcome to Cove.'), 'support')).toBe('Welcome to Cove.');
    // A tip notice on a rate-change copy is not a sentence Cove knows: the stored text stands.
    expect(systemLineText(line('for_user_rate_changed', { kind: 'tip', amount: 5 }, 'x'), null)).toBe('x');
  });
});

describe('chat list previews', () => {
  const tip = {
    last_message_text: 'Tip',
    last_message_sender_id: 'fan',
    last_message_notice: { kind: 'tip', amount: 75 } as MessageNotice,
  };

  it('word a tip for each member, without the name the row already shows', () => {
    expect(chatPreviewText(tip, 'creator')).toBe('Tipped you $7.50.');
    expect(chatPreviewText(tip, 'fan')).toBe('You tipped $7.50.');
  });

  it('show any other last message as stored', () => {
    const text = { last_message_text: 'See you', last_message_sender_id: 'fan', last_message_notice: null };
    expect(chatPreviewText(text, 'creator')).toBe('See you');
    expect(chatPreviewText({ ...text, last_message_text: null }, 'creator')).toBe('');
  });
});
