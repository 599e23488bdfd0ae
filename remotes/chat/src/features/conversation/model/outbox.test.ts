import { outboxStore } from '@cove/runtime';
import { anOutgoing } from '../testing/outgoing';
import type { Outgoing } from './message-delivery';
import { mayWait, Outbox, type Deliver } from './outbox';

const text = (n: number): Outgoing =>
  anOutgoing(
    { text: `m${n}` },
    { send_id: `s-${n}`, status: 'waiting', created_at: `2026-01-01T00:00:0${n}.000Z` },
  );
const store = () => outboxStore<unknown>('u-1', (value) => value);

beforeEach(() => window.localStorage.clear());

/** A server that is down until `up` is set, recording every send id it was given. */
function server() {
  const got: string[] = [];
  const state = { up: false };
  const deliver: Deliver = async (item) => {
    if (!state.up) return 'waiting';
    got.push(item.send_id);
    return 'done';
  };
  return { got, state, deliver };
}

describe('the outbox', () => {
  it('sends what waits in the order it was written once the server is back', async () => {
    const s = server();
    const outbox = new Outbox(store());
    outbox.add(text(2));
    outbox.add(text(1));
    outbox.add(text(3));
    await outbox.flush(s.deliver);
    expect(outbox.waiting.map((o) => o.send_id)).toEqual(['s-1', 's-2', 's-3']);
    s.state.up = true;
    await outbox.flush(s.deliver);
    expect(s.got).toEqual(['s-1', 's-2', 's-3']);
    expect(outbox.waiting).toEqual([]);
  });

  it('sends each message once however many wake-ups come at once', async () => {
    const s = server();
    s.state.up = true;
    const outbox = new Outbox(store());
    outbox.add(text(1));
    outbox.add(text(2));
    outbox.add(text(1));
    await Promise.all([outbox.flush(s.deliver), outbox.flush(s.deliver), outbox.flush(s.deliver)]);
    await outbox.flush(s.deliver);
    expect(s.got).toEqual(['s-1', 's-2']);
  });

  it('stops at the first message that still finds no server, keeping the rest in order', async () => {
    const got: string[] = [];
    const outbox = new Outbox(store());
    [1, 2, 3].forEach((n) => outbox.add(text(n)));
    await outbox.flush(async (item) => {
      if (item.send_id === 's-2') return 'waiting';
      got.push(item.send_id);
      return 'done';
    });
    expect(got).toEqual(['s-1']);
    expect(outbox.waiting.map((o) => o.send_id)).toEqual(['s-2', 's-3']);
  });

  it('survives a reload: a new page finds what waited, with its send ids, and nothing it sent', async () => {
    const s = server();
    const before = new Outbox(store());
    before.add(text(1));
    before.add(text(2));
    const after = new Outbox(store());
    expect(after.waiting.map((o) => [o.send_id, o.draft.text, o.status])).toEqual([
      ['s-1', 'm1', 'waiting'],
      ['s-2', 'm2', 'waiting'],
    ]);
    s.state.up = true;
    await after.flush(s.deliver);
    expect(s.got).toEqual(['s-1', 's-2']);
    expect(new Outbox(store()).waiting).toEqual([]);
  });

  it("keeps each person's outbox apart and drops entries it cannot read", () => {
    window.localStorage.setItem('cove-outbox:u-1', JSON.stringify([{ send_id: 'old shape' }]));
    const mine = new Outbox(store());
    expect(mine.waiting).toEqual([]);
    mine.add(text(1));
    expect(new Outbox(outboxStore('u-9', (v) => v)).waiting).toEqual([]);
    expect(new Outbox(store()).waiting.map((o) => o.send_id)).toEqual(['s-1']);
  });

  it('never holds a paid message or a file still to upload', () => {
    expect(mayWait(text(1))).toBe(true);
    expect(mayWait({ ...text(1), paid: true })).toBe(false);
    const file = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    expect(mayWait({ ...text(1), file })).toBe(false);
    expect(mayWait({ ...text(1), file, media: { media_id: 'm-1' } })).toBe(true);
  });
});
