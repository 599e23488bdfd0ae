import type { Db } from '../src/db/client';
import { batchedEventReader } from '../src/realtime/log-reader';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createUser } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The app's database, counting the statements run through it. */
function counted(db: Db): { db: Db; statements: () => number } {
  let n = 0;
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (prop !== 'execute' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        n += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, statements: () => n };
}

describe('batched log reads', () => {
  it('answers the reads of many sockets of many users with one query, each with its own events in order', async () => {
    const [a, b, c] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    for (const user of [a, b]) {
      for (const type of ['approved', 'reported', 'banned'] as const)
        await t.app.realtime.emit(user.id, { type });
    }
    const { db, statements } = counted(t.db);
    const read = batchedEventReader(db);

    const answers = await Promise.all([
      read(a.id, 0),
      read(a.id, 0),
      read(a.id, 2),
      read(b.id, 1),
      read(c.id, 0),
    ]);

    expect(statements()).toBe(1);
    expect(answers.map((events) => events.map((e) => [e.seq, e.type]))).toEqual([
      [
        [1, 'approved'],
        [2, 'reported'],
        [3, 'banned'],
      ],
      [
        [1, 'approved'],
        [2, 'reported'],
        [3, 'banned'],
      ],
      [[3, 'banned']],
      [
        [2, 'reported'],
        [3, 'banned'],
      ],
      [],
    ]);
    expect(answers[0]?.[0]).toEqual({ type: 'approved', seq: 1, created_at: expect.any(String) });
  });
});
