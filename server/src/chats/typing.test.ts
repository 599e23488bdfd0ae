import type { Db } from '../db/client';
import { TYPING_TIMEOUT_MS, typingRelay, type TypingDeps } from './typing';

jest.mock('./chat-store', () => ({
  chatForMember: async (_db: unknown, chatId: string) => {
    if (chatId !== 'chat-1') throw new Error('Chat not found');
    return { other: { userId: 'other' } };
  },
}));

function fakeApp() {
  const sent: unknown[] = [];
  const app: TypingDeps = {
    // The chat store is mocked above: the database is never reached.
    db: {} as Db,
    realtime: { sendEphemeral: async (to, m) => void sent.push([to, m]) },
  };
  return { app, sent };
}

describe('typing relay', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('stops a start that got no news for 10 s, and not earlier', async () => {
    const { app, sent } = fakeApp();
    const relay = typingRelay(app, 'me');
    await relay('typing_start', 'chat-1');
    expect(sent).toEqual([[['other'], { type: 'typing_start', chat_id: 'chat-1', sender_id: 'me' }]]);
    await jest.advanceTimersByTimeAsync(TYPING_TIMEOUT_MS - 1);
    expect(sent).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent[1]).toEqual([['other'], { type: 'typing_stop', chat_id: 'chat-1', sender_id: 'me' }]);
  });

  it('renews the clock on each start and cancels it on stop', async () => {
    const { app, sent } = fakeApp();
    const relay = typingRelay(app, 'me');
    await relay('typing_start', 'chat-1');
    await jest.advanceTimersByTimeAsync(TYPING_TIMEOUT_MS - 100);
    await relay('typing_start', 'chat-1');
    await jest.advanceTimersByTimeAsync(TYPING_TIMEOUT_MS - 100);
    expect(sent.map((s) => (s as [unknown, { type: string }])[1].type)).toEqual([
      'typing_start',
      'typing_start',
    ]);
    await relay('typing_stop', 'chat-1');
    await jest.advanceTimersByTimeAsync(TYPING_TIMEOUT_MS * 2);
    expect(sent.map((s) => (s as [unknown, { type: string }])[1].type)).toEqual([
      'typing_start',
      'typing_start',
      'typing_stop',
    ]);
  });

  it('relays nothing for a chat the sender is not in', async () => {
    const { app, sent } = fakeApp();
    await typingRelay(app, 'me')('typing_start', 'someone-elses');
    expect(sent).toEqual([]);
  });
});
