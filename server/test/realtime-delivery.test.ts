import { appendEvent } from '../src/realtime/event-log';
import { type AppendedEvent, withEvents } from '../src/realtime/with-events';
import { eventually, openSocket, type TestSocket, wsBase } from './helpers/socket';
import { createTestApp, type TestApp } from './helpers/test-app';
import { signedInUser } from './helpers/users';

const highWaterBytes = 64 * 1024;
const EVENT_BYTES = 32 * 1024;

let t: TestApp;
beforeAll(async () => {
  // The beat that would catch up a socket is far off: only notices and log reads deliver here.
  t = await createTestApp({ realtime: { beatMs: 60_000, highWaterBytes, hardLimitBytes: 16 * 1024 * 1024 } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

async function connected(token: string): Promise<TestSocket> {
  const s = openSocket(wsBase(t.app), token);
  await s.until((m) => m.type === 'init');
  return s;
}

const seqs = (s: TestSocket) => s.seen.flatMap((m) => (m.seq === undefined ? [] : [m.seq]));

/** Commits one event for a user and returns the notice that would have gone out, without sending it. */
async function committed(userId: string, chatId: string): Promise<AppendedEvent[]> {
  let notice: AppendedEvent[] = [];
  await withEvents(
    { db: t.db, realtime: { notify: async (_ids, events = []) => void (notice = events) } },
    async (_tx, emit) => emit(userId, { type: 'chat_updated', chat_id: chatId }),
  );
  return notice;
}

describe('delivery of the events a notice carries', () => {
  it('sends a carried event to an up-to-date socket as it is, without the log', async () => {
    const { user, token } = await signedInUser(t.db);
    const s = await connected(token);
    // Once this has arrived the socket's first read of the log is long over.
    await t.app.realtime.emit(user.id, { type: 'reported' });
    await s.until((m) => m.seq === 1);
    // In no log: only the notice itself can bring it.
    const event = { type: 'approved', seq: 2, created_at: new Date(0).toISOString() } as const;

    await t.app.realtime.notify([user.id], [{ userId: user.id, event }]);

    expect(await s.until((m) => m.seq === 2)).toEqual(event);
    s.ws.close();
  });

  it('reads the log first for a socket that is behind, then sends in order', async () => {
    const { user, token } = await signedInUser(t.db);
    const s = await connected(token);
    // Logged, but its notice is lost: the socket is one event behind when the next notice comes.
    await t.db.transaction((tx) => appendEvent(tx, user.id, { type: 'approved' }));

    await t.app.realtime.emit(user.id, { type: 'reported' });

    await s.until((m) => m.type === 'reported');
    expect(s.seen.filter((m) => m.seq !== undefined).map((m) => [m.seq, m.type])).toEqual([
      [1, 'approved'],
      [2, 'reported'],
    ]);
    s.ws.close();
  });

  it('sends each event once and in order when notices come late, twice, or out of order', async () => {
    const { user, token } = await signedInUser(t.db);
    const [a, b] = [await connected(token), await connected(token)];
    const first = await committed(user.id, 'first');
    const second = await committed(user.id, 'second');

    await t.app.realtime.notify([user.id], second);
    await t.app.realtime.notify([user.id], first);
    await t.app.realtime.notify([user.id], second);
    await t.app.realtime.emit(user.id, { type: 'reported' });

    for (const s of [a, b]) {
      await s.until((m) => m.type === 'reported');
      expect(seqs(s)).toEqual([1, 2, 3]);
      s.ws.close();
    }
  });

  it('sends events carried by notices for many users, each to its own sockets', async () => {
    const people = await Promise.all([1, 2, 3].map(() => signedInUser(t.db)));
    const sockets = await Promise.all(people.map((p) => connected(p.token)));

    await withEvents({ db: t.db, realtime: t.app.realtime }, async (_tx, emit) => {
      for (const p of people) emit(p.user.id, { type: 'chat_updated', chat_id: p.user.id });
      emit(people[0]?.user.id ?? '', { type: 'reported' });
    });

    for (const [i, s] of sockets.entries()) {
      await s.until((m) => m.seq === 1);
      if (i === 0) await s.until((m) => m.type === 'reported');
      expect(s.seen.filter((m) => m.seq !== undefined)).toEqual([
        expect.objectContaining({ seq: 1, type: 'chat_updated', chat_id: people[i]?.user.id }),
        ...(i === 0 ? [expect.objectContaining({ seq: 2, type: 'reported' })] : []),
      ]);
      s.ws.close();
    }
  });

  it('holds live events for a socket that does not read at the high-water mark, then sends them in order', async () => {
    const { user, token } = await signedInUser(t.db);
    const s = await connected(token);
    s.ws.pause();
    const events = 400;
    const buffered = () => Math.max(...[...t.app.websocketServer.clients].map((c) => c.bufferedAmount));

    for (let i = 1; i <= events; i++) {
      await t.app.realtime.notify([user.id], await committed(user.id, `${i}:`.padEnd(EVENT_BYTES, 'x')));
    }

    await eventually(() => buffered() > highWaterBytes);
    // Written straight away without that check, the whole burst past what the kernel holds would queue here.
    expect(buffered()).toBeLessThan(highWaterBytes + 2 * EVENT_BYTES);
    s.ws.resume();
    await s.until((m) => m.seq === events);
    expect(seqs(s)).toEqual(Array.from({ length: events }, (_, i) => i + 1));
    s.ws.close();
  });
});
