import { lastSeqOf } from '../src/realtime/event-log';
import { withEvents, type EventNotifier } from '../src/realtime/with-events';
import { openSocket, wsBase, type Received, type TestSocket } from './helpers/socket';
import { createTestApp, type TestApp } from './helpers/test-app';
import { signedInUser } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  // The beat that would catch a missed notice is far off: only the notice can deliver in time.
  t = await createTestApp({ realtime: { beatMs: 60_000 } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

/** The first logged event, or null when none arrives within `ms`. */
function nextEvent(s: TestSocket, ms: number): Promise<Received | null> {
  return Promise.race([
    s.until((m) => m.seq !== undefined),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), ms)),
  ]);
}

async function connected(token: string): Promise<TestSocket> {
  const s = openSocket(wsBase(t.app), token);
  await s.until((m) => m.type === 'init');
  return s;
}

describe('withEvents', () => {
  it('delivers what it appended to open sockets as soon as the transaction commits', async () => {
    const a = await signedInUser(t.db);
    const b = await signedInUser(t.db);
    const [sa, sb] = [await connected(a.token), await connected(b.token)];
    // What the users' logs held when the notice went out, read outside the transaction.
    const seenAtNotice: number[] = [];
    const realtime: EventNotifier = {
      notify: async (ids) => {
        for (const id of ids) seenAtNotice.push(await lastSeqOf(t.db, id));
        await t.app.realtime.notify(ids);
      },
    };

    const result = await withEvents({ db: t.db, realtime }, async (_tx, emit) => {
      emit(b.user.id, { type: 'approved' });
      emit(a.user.id, { type: 'frozen', frozen: true });
      emit(b.user.id, { type: 'reported' });
      return 'done';
    });

    expect(result).toBe('done');
    expect(seenAtNotice).toEqual([expect.any(Number), expect.any(Number)]);
    expect(seenAtNotice.every((seq) => seq > 0)).toBe(true);
    expect(await nextEvent(sa, 2_000)).toMatchObject({ type: 'frozen', frozen: true });
    expect(await nextEvent(sb, 2_000)).toMatchObject({ type: 'approved' });
    await sb.until((m) => m.type === 'reported');
    expect(sb.seen.filter((m) => m.seq !== undefined).map((m) => m.type)).toEqual(['approved', 'reported']);
    sa.ws.close();
    sb.ws.close();
  });

  it('appends and notifies nothing when the transaction rolls back', async () => {
    const { user, token } = await signedInUser(t.db);
    const s = await connected(token);
    const notified: string[][] = [];
    const realtime: EventNotifier = { notify: async (ids) => void notified.push(ids) };

    await expect(
      withEvents({ db: t.db, realtime }, async (_tx, emit) => {
        emit(user.id, { type: 'approved' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');

    expect(notified).toEqual([]);
    expect(await lastSeqOf(t.db, user.id)).toBe(0);
    await t.app.realtime.notify([user.id]);
    expect(await nextEvent(s, 300)).toBeNull();
    s.ws.close();
  });
});
