import { failWith, fakeHost, testUser } from '@cove/runtime/testing';
import { anOutgoing } from '../testing/outgoing';
import { deliverMessage, type Outgoing } from './message-delivery';

const item = anOutgoing();

/** Delivers `item` against a server that refuses it, once. */
async function refusedWith(status: number, message: string, code: string) {
  const fake = fakeHost({
    user: testUser({ _id: 'u-1' }),
    respond: () => failWith(status, message, { code }),
  });
  const changes: Partial<Outgoing>[] = [];
  await deliverMessage(item, {
    host: fake.host,
    update: (c) => changes.push(c),
    delivered: () => undefined,
    dropped: () => undefined,
    waiting: () => undefined,
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
