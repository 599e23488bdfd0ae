import { and, asc, eq, lte } from 'drizzle-orm';
import { userEvents } from '../src/db/schema';
import { pruneEventLog } from '../src/realtime/prune';
import { openSocket, wsBase } from './helpers/socket';
import { createTestApp, type TestApp } from './helpers/test-app';
import { signedInUser } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60_000;
const limits = { maxAgeMs: 30 * DAY_MS, maxPerUser: 5 };

async function logEvents(userId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++)
    await t.app.realtime.emit(userId, { type: 'credits_update', credits: i, amount: i });
}

async function keptSeqs(userId: string): Promise<number[]> {
  const rows = await t.db
    .select({ seq: userEvents.seq })
    .from(userEvents)
    .where(eq(userEvents.userId, userId))
    .orderBy(asc(userEvents.seq));
  return rows.map((r) => r.seq);
}

/** Backdates a user's events up to `seq`, as if they had been logged `days` ago. */
async function age(userId: string, seq: number, days: number): Promise<void> {
  await t.db
    .update(userEvents)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
    .where(and(eq(userEvents.userId, userId), lte(userEvents.seq, seq)));
}

describe('pruning the event log', () => {
  it('keeps 30 days and at most the last N events of each user', async () => {
    const busy = (await signedInUser(t.db)).user;
    const quiet = (await signedInUser(t.db)).user;
    await logEvents(busy.id, 8);
    await logEvents(quiet.id, 4);
    await age(quiet.id, 2, 31);

    expect(await pruneEventLog(t.db, new Date(), limits)).toBe(3 + 2);
    expect(await keptSeqs(busy.id)).toEqual([4, 5, 6, 7, 8]);
    expect(await keptSeqs(quiet.id)).toEqual([3, 4]);
    // Numbering goes on after what was pruned.
    await t.app.realtime.emit(quiet.id, { type: 'approved' });
    expect(await keptSeqs(quiet.id)).toEqual([3, 4, 5]);
  });

  it('greets a client resuming from before what is kept with a fresh init, then goes live', async () => {
    const { user, token } = await signedInUser(t.db);
    await logEvents(user.id, 8);
    await pruneEventLog(t.db, new Date(), limits);

    const s = openSocket(wsBase(t.app), token, 2);
    expect(await s.until((m) => m.type === 'init')).toMatchObject({ last_seq: 8, fresh: true });
    await t.app.realtime.emit(user.id, { type: 'approved' });
    await s.until((m) => m.type === 'approved');
    expect(s.seen.map((m) => m.seq ?? m.type)).toEqual(['init', 9]);
    s.ws.close();
  });

  it('replays as usual to a client resuming from just before the oldest kept event', async () => {
    const { user, token } = await signedInUser(t.db);
    await logEvents(user.id, 8);
    await pruneEventLog(t.db, new Date(), limits);

    const s = openSocket(wsBase(t.app), token, 3);
    await s.until((m) => m.seq === 8);
    expect(s.seen[0]).not.toHaveProperty('fresh');
    expect(s.seen.map((m) => m.seq ?? m.type)).toEqual(['init', 4, 5, 6, 7, 8]);
    s.ws.close();
  });
});
