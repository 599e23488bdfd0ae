import { failWith, fakeHost, testUser } from '@cove/runtime/testing';
import { deliver, type Outgoing } from './deliver';

const item: Outgoing = {
  send_id: 's-1',
  chat_id: 'c-u-2',
  recipient_id: 'u-2',
  draft: { type: 'text', text: 'Hello', price: 0, self_destruct: false },
  file: null,
  media: null,
  warned: false,
  status: 'sending',
  progress: null,
  error: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

/** Delivers `item` against a server that refuses it, once. */
async function refusedWith(status: number, message: string, code: string) {
  const fake = fakeHost({
    user: testUser({ _id: 'u-1' }),
    respond: () => failWith(status, message, { code }),
  });
  const changes: Partial<Outgoing>[] = [];
  await deliver(item, {
    host: fake.host,
    update: (c) => changes.push(c),
    delivered: () => undefined,
    dropped: () => undefined,
    signal: new AbortController().signal,
    wait: async () => undefined,
  });
  return { popups: fake.popups, calls: fake.calls, last: changes.at(-1) };
}

describe('a send the server refuses messaging for', () => {
  it.each([
    [403, "You can't send messages to this user.", 'blocked'],
    [451, 'Sorry this creator not available in your country', 'region_blocked'],
  ])('opens the messaging-disabled popup with the server’s words (%s)', async (status, message, code) => {
    const { popups, calls, last } = await refusedWith(status, message, code);
    expect(popups).toEqual([{ kind: 'messaging-disabled', message }]);
    expect(calls).toHaveLength(1);
    expect(last).toEqual({ status: 'failed', error: message });
  });
});
