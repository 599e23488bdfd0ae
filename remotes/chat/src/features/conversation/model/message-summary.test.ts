import { testMessage } from '@cove/runtime/testing';
import { messageSummary } from './message-summary';

const at = new Date().toISOString();

describe('what a focused message says', () => {
  it('names who sent it, when, and what it says', () => {
    const m = testMessage({ text: 'Hello there', created_at: at });
    expect(messageSummary(m, false, 'maya')).toBe('maya, just now. Hello there');
    expect(messageSummary({ ...m, is_read: true }, true, 'maya')).toBe('You, just now. Hello there. Read');
  });

  it('says a paid text is locked and its price, and nothing of it', () => {
    const m = testMessage({ text: '', price: 50, paid: false, created_at: at });
    expect(messageSummary(m, false, 'maya')).toBe('maya, just now. Locked message, $5.00 to unlock');
    expect(messageSummary({ ...m, text: 'Secret', paid: true }, false, 'maya')).toBe(
      'maya, just now. Secret. Bought, $5.00',
    );
    expect(messageSummary({ ...m, text: 'Secret' }, true, 'maya')).toBe(
      'You, just now. Secret. Paid, $5.00. Sent',
    );
  });

  it('says what a bundle holds', () => {
    const m = testMessage({
      type: 'image',
      text: '',
      price: 100,
      paid: false,
      created_at: at,
      media_items: [
        { media_id: 'a', type: 'image', video_length: null, media: null, preview: false },
        { media_id: 'b', type: 'video', video_length: 65, media: null, preview: false },
      ],
    });
    expect(messageSummary(m, false, null)).toBe(
      'Them, just now. Locked 1 photo · 1 video 1m05s, $10.00 to unlock',
    );
  });
});
