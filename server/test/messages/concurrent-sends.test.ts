import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { balanceMismatches, creditsOf } from '../../src/ledger/ledger';
import { fanAndCreator, grantCredits, type Party, person, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Every request of a burst runs at once on the app's pool of PostgreSQL connections, so sends that
// share a user contend for the same rows (ledger accounts, chats, event sequences).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RATE = 2;
const TIP = 3;
const ROUNDS = 9;
const STARTING_CREDITS = 10_000;

interface Send {
  sendId: string;
  run: () => ReturnType<Party['api']['post']>;
}

/** The deadlocks PostgreSQL has counted in this test's database. */
async function deadlocks(): Promise<number> {
  const [row] = rowsOf<{ n: string }>(
    await t.db.execute(sql`select deadlocks as n from pg_stat_database where datname = current_database()`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Four fans and three creators, each fan in a chat with two creators, so pairs share users on both
 * sides. In each round every fan tips in one chat while sending in the other, and both creators
 * answer at the same time: sends cross (fan to creator and creator to fan in one chat) and a fan's
 * two chats run side by side.
 */
async function burst(): Promise<{ sends: Send[]; spentBy: Map<Party, number> }> {
  const creators = await Promise.all(
    Array.from({ length: 3 }, () => person(t, { type: 'featured', creditRate: RATE })),
  );
  const fans = await Promise.all(Array.from({ length: 4 }, () => person(t, { type: 'user' })));
  const sends: Send[] = [];
  const spentBy = new Map<Party, number>();
  const chats: { fan: Party; creator: Party; chatId: string }[][] = [];
  for (const [i, fan] of fans.entries()) {
    await grantCredits(t.db, fan.user.id, STARTING_CREDITS);
    const pair = [];
    for (const creator of [creators[i % 3], creators[(i + 1) % 3]]) {
      if (!creator) throw new Error('no creator');
      const res = await fan.api.post('/v1/chat', { recipient_id: creator.user.id });
      expect(res.statusCode).toBe(200);
      pair.push({ fan, creator, chatId: res.json().data._id as string });
    }
    chats.push(pair);
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const pair of chats) {
      for (const [a, b] of [
        [pair[0], pair[1]],
        [pair[1], pair[0]],
      ]) {
        if (!a || !b) throw new Error('no chat');
        const tip = { chat_id: a.chatId, amount: TIP, send_id: randomUUID() };
        const fromFan = text(b.creator.user.id, `fan ${round}`, { chat_id: b.chatId });
        const fromCreator = text(a.fan.user.id, `creator ${round}`, { chat_id: a.chatId });
        sends.push(
          { sendId: tip.send_id, run: () => a.fan.api.post('/v1/messages/tip', tip) },
          { sendId: fromFan.send_id, run: () => b.fan.api.post('/v1/messages', fromFan) },
          { sendId: fromCreator.send_id, run: () => a.creator.api.post('/v1/messages', fromCreator) },
        );
        spentBy.set(a.fan, (spentBy.get(a.fan) ?? 0) + TIP + RATE);
      }
    }
  }
  return { sends, spentBy };
}

describe('concurrent sends', () => {
  it('answers every send of a burst across crossing pairs, once each, with the ledger balanced', async () => {
    const { sends, spentBy } = await burst();
    expect(sends.length).toBeGreaterThanOrEqual(200);
    const deadlocksBefore = await deadlocks();

    const answers = await Promise.all(sends.map((s) => s.run()));
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);

    // Each send made exactly one message with its send id.
    const counts = rowsOf<{ send_id: string; n: number }>(
      await t.db.execute(sql`select send_id, count(*)::int as n from messages
        where send_id is not null group by send_id`),
    );
    const bySendId = new Map(counts.map((c) => [c.send_id, c.n]));
    expect(sends.filter((s) => bySendId.get(s.sendId) !== 1)).toEqual([]);
    expect(counts).toHaveLength(sends.length);

    // Every ledger transaction sums to zero, cached balances equal the sum of their entries, and
    // each fan paid exactly for their own messages and tips.
    const unbalanced = rowsOf<{ transaction_id: string }>(
      await t.db.execute(sql`select transaction_id from ledger_entries
        group by transaction_id having sum(amount) <> 0`),
    );
    expect(unbalanced).toEqual([]);
    expect(await balanceMismatches(t.db)).toEqual([]);
    for (const [fan, spent] of spentBy)
      expect(await creditsOf(t.db, fan.user.id)).toBe(STARTING_CREDITS - spent);

    // Locks were taken in one order: PostgreSQL never had to break a deadlock (retries would hide
    // one from the callers). A backend reports its counts within a second of going idle.
    await sleep(1500);
    expect(await deadlocks()).toBe(deadlocksBefore);
  });

  it('keeps a retried send to one message and one charge when both attempts race', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100, rate: 10 });
    const body = text(creator.user.id, 'once');
    const answers = await Promise.all(Array.from({ length: 20 }, () => fan.api.post('/v1/messages', body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => r.json().data._id as string)).size).toBe(1);
    expect(await creditsOf(t.db, fan.user.id)).toBe(90);
  });
});
