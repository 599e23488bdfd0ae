import type { Message, OutboxState } from '@cove/contracts';
import {
  failWith,
  fakeHost,
  networkFailure,
  testMessage,
  testWaitingMessage as waiting,
  type RecordedCall,
} from '../testing';
import { createOutbox, type OutboxDeps } from './outbox';

/** A server that finds no answer for sends until `up` is set; `refuse` answers a send id with 403 blocked. */
function server() {
  const state = { up: false, refuse: new Set<string>() };
  // The send ids it was given, in order, whoever sent them.
  const posted: string[] = [];
  const respond = (call: RecordedCall) => {
    if (call.path !== '/v1/messages') return undefined;
    const body = call.body as { text: string; send_id: string };
    posted.push(body.send_id);
    if (!state.up) return networkFailure();
    if (state.refuse.has(body.send_id))
      return failWith(403, 'You cannot message this person.', { code: 'blocked' });
    return { data: testMessage({ _id: body.send_id, sender_id: 'u-1', text: body.text }), credits: 0 };
  };
  return { state, posted, respond };
}

/**
 * A page with no chat screen: the shell's host and the outbox it runs for u-1, nothing else. The
 * sends' retries and the outbox's own spacing wait no time.
 */
function page(respond: (call: RecordedCall) => unknown, locks?: OutboxDeps['locks']) {
  const fake = fakeHost({ respond });
  const outbox = createOutbox({ host: fake.host, locks, wait: async () => undefined });
  const states: OutboxState[] = [];
  const sent: Message[] = [];
  outbox.state$.subscribe((s) => states.push(s));
  outbox.sent$.subscribe((m) => sent.push(m));
  const close = outbox.open('u-1');
  const latest = () => states.at(-1) ?? { entries: [], offline: false };
  return { fake, outbox, sent, close, latest };
}

/** Resolves once `check` holds, trying again at each turn of the event loop (as the sends answer). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(check()).toBe(true);
}

const stored = () => window.localStorage.getItem('cove-outbox:u-1');

const opened: (() => void)[] = [];
afterEach(() => opened.splice(0).forEach((close) => close()));
beforeEach(() => window.localStorage.clear());

describe("the shell's outbox", () => {
  it('sends what waits in the order written, with its send ids, when the connection comes back', async () => {
    const api = server();
    const p = page(api.respond);
    opened.push(p.close);
    p.fake.bus.setConnection('disconnected');
    p.outbox.add(waiting(2), false);
    p.outbox.add(waiting(1), false);
    p.outbox.add(waiting(3), false);
    expect(p.latest()).toEqual({
      offline: true,
      entries: ['s-1', 's-2', 's-3'].map((id) =>
        expect.objectContaining({
          status: 'waiting',
          error: null,
          message: expect.objectContaining({ send_id: id }),
        }),
      ),
    });
    expect(api.posted).toEqual([]);

    api.state.up = true;
    p.fake.bus.setConnection('connected');
    await until(() => p.latest().entries.length === 0);
    expect(api.posted).toEqual(['s-1', 's-2', 's-3']);
    expect(p.sent.map((m) => m.text)).toEqual(['m1', 'm2', 'm3']);
    expect(p.latest().offline).toBe(false);
    expect(stored()).toBeNull();
  });

  it('stops at the first that gets no answer, keeps the rest in order, and goes on when the browser is online', async () => {
    const api = server();
    const p = page(api.respond);
    opened.push(p.close);
    p.fake.bus.setConnection('disconnected');
    [1, 2, 3].forEach((n) => p.outbox.add(waiting(n), false));
    p.fake.bus.setConnection('connected');
    await until(() => api.posted.length === 1 && p.latest().entries[0]?.status === 'waiting');
    expect(api.posted).toEqual(['s-1']);
    expect(p.latest().offline).toBe(true);
    expect(p.latest().entries.map((e) => e.message.send_id)).toEqual(['s-1', 's-2', 's-3']);

    api.state.up = true;
    window.dispatchEvent(new Event('online'));
    await until(() => p.latest().entries.length === 0);
    expect(api.posted).toEqual(['s-1', 's-1', 's-2', 's-3']);
  });

  it('shows a refused one failed with the server’s words and its popup, and sends the next', async () => {
    const api = server();
    api.state.up = true;
    api.state.refuse.add('s-1');
    const p = page(api.respond);
    opened.push(p.close);
    p.fake.bus.setConnection('disconnected');
    [1, 2].forEach((n) => p.outbox.add(waiting(n), false));
    p.fake.bus.setConnection('connected');
    await until(() => p.sent.length === 1);
    expect(api.posted).toEqual(['s-1', 's-2']);
    expect(p.latest().entries).toEqual([
      expect.objectContaining({ status: 'failed', error: 'You cannot message this person.' }),
    ]);
    expect(p.fake.popups).toEqual([
      { kind: 'messaging-disabled', message: 'You cannot message this person.' },
    ]);
    expect(stored()).toBeNull();
    p.outbox.discard('s-1');
    expect(p.latest().entries).toEqual([]);
  });

  it('sends what an earlier page left waiting as soon as it opens, with the same send ids', async () => {
    const before = page(server().respond);
    before.fake.bus.setConnection('disconnected');
    [1, 2].forEach((n) => before.outbox.add(waiting(n), false));
    before.close();

    const api = server();
    api.state.up = true;
    const after = page(api.respond);
    opened.push(after.close);
    await until(() => after.latest().entries.length === 0);
    expect(api.posted).toEqual(['s-1', 's-2']);
  });

  it('never sends a discarded message', async () => {
    const api = server();
    api.state.up = true;
    const p = page(api.respond);
    opened.push(p.close);
    p.fake.bus.setConnection('disconnected');
    [1, 2].forEach((n) => p.outbox.add(waiting(n), false));
    p.outbox.discard('s-1');
    p.fake.bus.setConnection('connected');
    await until(() => p.latest().entries.length === 0);
    expect(api.posted).toEqual(['s-2']);
  });

  it('sends each message once when two tabs of the same person flush together', async () => {
    const api = server();
    api.state.up = true;
    // The browser's locks: one holder of a name at a time, the others in turn.
    const turns = new Map<string, Promise<unknown>>();
    const locks: OutboxDeps['locks'] = {
      request: ((name: string, granted: () => Promise<unknown>) => {
        const turn = (turns.get(name) ?? Promise.resolve()).then(granted);
        turns.set(name, turn);
        return turn;
      }) as NonNullable<OutboxDeps['locks']>['request'],
    };
    const one = page(api.respond, locks);
    const two = page(api.respond, locks);
    opened.push(one.close, two.close);
    for (const tab of [one, two]) tab.fake.bus.setConnection('disconnected');
    [1, 2, 3].forEach((n) => one.outbox.add(waiting(n), false));
    for (const tab of [one, two]) tab.fake.bus.setConnection('connected');
    await until(() => one.latest().entries.length === 0 && api.posted.length >= 3);
    // Both tabs' flushes have run their turn.
    await Promise.all(turns.values());
    expect(api.posted).toEqual(['s-1', 's-2', 's-3']);
  });
});
