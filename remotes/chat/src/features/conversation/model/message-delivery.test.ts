import {
  failWith,
  fakeHost,
  networkFailure,
  testConfig,
  testMessage,
  testUser,
  type RecordedCall,
} from '@cove/runtime/testing';
import { anOutgoing } from '../testing/outgoing';
import { deliverMessage, type Outgoing } from './message-delivery';

const item = anOutgoing({ text: 'Send cash please' });

/** Delivers `sent` against `respond`, recording the waits between attempts instead of waiting. */
async function run(respond: (call: RecordedCall, attempt: number) => unknown, sent: Outgoing = item) {
  let attempt = 0;
  const fake = fakeHost({
    user: testUser({ _id: 'u-1' }),
    respond: (call) => respond(call, ++attempt),
  });
  fake.session.config = testConfig({ global_keywords: 'cash' });
  const waits: number[] = [];
  const changes: Partial<Outgoing>[] = [];
  const delivered: string[] = [];
  const waiting: Outgoing[] = [];
  const outcome = await deliverMessage(sent, {
    host: fake.host,
    update: (c) => changes.push(c),
    delivered: (m) => delivered.push(m._id),
    dropped: () => undefined,
    waiting: (w) => waiting.push(w),
    signal: new AbortController().signal,
    wait: async (ms) => void waits.push(ms),
  });
  const bodies = fake.calls.map((c) => c.body as { text: string; send_id: string });
  return { waits, changes, delivered, bodies, waiting, outcome };
}

const answer = (text: string) => ({ data: testMessage({ _id: '9', sender_id: 'u-1', text }), credits: 250 });

describe('delivering a message', () => {
  it('waits for the connection when a free message finds no server, after one try', async () => {
    const { waits, bodies, waiting, outcome, delivered } = await run(() => networkFailure());
    expect(outcome).toBe('waiting');
    expect(bodies).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(waiting).toEqual([expect.objectContaining({ send_id: 's-1', status: 'waiting' })]);
    expect(delivered).toEqual([]);
  });

  it('retries a paid message 1 s times the attempt and gives up after 4, keeping its send id', async () => {
    const paid = anOutgoing({ text: 'Send cash please' }, { paid: true });
    const { waits, changes, bodies, delivered, waiting } = await run(() => networkFailure(), paid);
    expect(waiting).toEqual([]);
    expect(waits).toEqual([1000, 2000, 3000]);
    expect(bodies).toHaveLength(4);
    expect(new Set(bodies.map((b) => b.send_id))).toEqual(new Set(['s-1']));
    expect(changes.at(-1)).toEqual({
      status: 'failed',
      error: 'Network error. Please check your internet connection.',
    });
    expect(delivered).toEqual([]);
  });

  it('gets through on a later try', async () => {
    const { waits, delivered } = await run((_call, attempt) =>
      attempt < 3 ? failWith(503, 'Busy') : answer('ok'),
    );
    expect(waits).toEqual([1000, 2000]);
    expect(delivered).toEqual(['9']);
  });

  it('retries a blocked text once, sanitised, and then stops', async () => {
    const blocked = () =>
      failWith(422, 'This message breaks the rules of Cove and cannot be sent.', { code: 'text_blocked' });
    const gave = await run(blocked);
    expect(gave.bodies.map((b) => b.text)).toEqual(['Send cash please', 'Send **** please']);
    expect(gave.changes.at(-1)).toMatchObject({ status: 'failed' });

    const passed = await run((call, attempt) =>
      attempt === 1 ? blocked() : answer((call.body as { text: string }).text),
    );
    expect(passed.delivered).toEqual(['9']);
    expect(passed.waits).toEqual([1000]);
  });

  it('does not retry what the server refused for a reason', async () => {
    const { bodies, changes } = await run(() =>
      failWith(403, "You can't send messages to this user.", { code: 'blocked' }),
    );
    expect(bodies).toHaveLength(1);
    expect(changes.at(-1)).toEqual({ status: 'failed', error: "You can't send messages to this user." });
  });
});
