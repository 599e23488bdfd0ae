import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/rows';
import { eventually, openSocket, wsBase } from './helpers/socket';
import { createTestApp, type TestApp } from './helpers/test-app';
import { signedInUser } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
  );

/** Whether `check` holds within `ms`, asking every few milliseconds. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

describe('a tab that goes away while its socket is being attached', () => {
  it('is forgotten: its user goes offline when their other tab closes', async () => {
    const watcher = await signedInUser(t.db);
    const subject = await signedInUser(t.db);
    const partners = t.app.realtime.watchers;
    t.app.realtime.watchers = async (id) => (id === subject.user.id ? [watcher.user.id] : []);
    const base = wsBase(t.app);
    const w = openSocket(base, watcher.token);
    await w.until((m) => m.type === 'init');

    // Three tabs vanish (network gone) while the server reads their log position, held here by a lock
    // on the sequence table: each socket's close event comes before the hub has taken it over.
    for (let i = 0; i < 3; i++) {
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`lock table user_event_seqs in access exclusive mode`);
        const doomed = openSocket(base, subject.token);
        await doomed.opened;
        await eventually(async () => {
          const [row] = rowsOf<{ n: number }>(
            await t.db.execute(
              sql`select count(*)::int as n from pg_locks where not granted and relation = 'user_event_seqs'::regclass`,
            ),
          );
          return (row?.n ?? 0) > 0;
        });
        doomed.ws.terminate();
        // The server has seen it close: only the watcher's connection is left.
        await eventually(async () => (await openConnections()) === 1);
      });
    }

    // A tab that stays, then closes cleanly: the subject is online, then offline.
    const tab = openSocket(base, subject.token);
    await tab.until((m) => m.type === 'init');
    expect(await within(5_000, () => t.app.realtime.isOnline(subject.user.id))).toBe(true);
    tab.ws.close();
    await tab.closed;
    expect(await within(5_000, async () => !(await t.app.realtime.isOnline(subject.user.id)))).toBe(true);
    await w.until((m) => m.type === 'user_offline' && m.user_id === subject.user.id);

    w.ws.close();
    t.app.realtime.watchers = partners;
  });
});
