import { anOutgoing } from '../testing/outgoing';
import { fromEntry, mayWait, toWaiting } from './outbox';

const text = anOutgoing({ text: 'm1' }, { status: 'waiting' });

describe('what may wait in the outbox', () => {
  it('never holds a paid message or a file still to upload', () => {
    expect(mayWait(text)).toBe(true);
    expect(mayWait({ ...text, paid: true })).toBe(false);
    const file = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    expect(mayWait({ ...text, file })).toBe(false);
    expect(mayWait({ ...text, file, media: { media_id: 'm-1' } })).toBe(true);
  });

  it('shows an outbox entry as the message it was, with its send id and state', () => {
    const entry = { message: toWaiting(text), status: 'failed' as const, error: 'Refused.' };
    expect(fromEntry(entry)).toEqual({ ...text, status: 'failed', error: 'Refused.' });
  });
});
