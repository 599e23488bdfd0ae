import { sql } from 'drizzle-orm';
import {
  type AccountRef,
  balanceMismatches,
  creditsOf,
  isBalanceTooLow,
  postMovement,
} from '../src/ledger/ledger';
import { ledgerEntries } from '../src/db/schema';
import { appForFile } from './helpers/file-app';
import { createUser } from './helpers/users';

const t = appForFile();

const credits = (owner: string): AccountRef => ({ owner, kind: 'credits' });
const earnings = (owner: string): AccountRef => ({ owner, kind: 'earnings' });
const promotions: AccountRef = { owner: null, kind: 'promotions' };
const revenue: AccountRef = { owner: null, kind: 'platform_revenue' };

const grant = (owner: string, amount: number) =>
  t.db.transaction((tx) =>
    postMovement(tx, {
      kind: 'grant',
      entries: [
        { account: promotions, amount: -amount },
        { account: credits(owner), amount },
      ],
    }),
  );
/** A fan pays a creator: 80% to the creator's earnings, the rest to the platform. */
const pay = (fan: string, creator: string, amount: number, idempotencyKey?: string) =>
  t.db.transaction((tx) =>
    postMovement(tx, {
      kind: 'message',
      ...(idempotencyKey ? { idempotencyKey } : {}),
      entries: [
        { account: credits(fan), amount: -amount },
        { account: earnings(creator), amount: Math.floor(amount * 0.8) },
        { account: revenue, amount: amount - Math.floor(amount * 0.8) },
      ],
    }),
  );

async function outcome(p: Promise<unknown>): Promise<'ok' | 'too_low'> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (isBalanceTooLow(err)) return 'too_low';
    throw err;
  }
}

describe('the ledger', () => {
  it('refuses an unbalanced transaction as a whole', async () => {
    const fan = await createUser(t.db);
    const attempt = t.db.transaction((tx) =>
      postMovement(tx, {
        kind: 'bad',
        entries: [
          { account: credits(fan.id), amount: 10 },
          { account: promotions, amount: -9 },
        ],
      }),
    );
    await expect(attempt).rejects.toThrow();
    expect(await creditsOf(t.db, fan.id)).toBe(0);
  });

  it('refuses a balance below zero and leaves everything as it was', async () => {
    const fan = await createUser(t.db);
    const creator = await createUser(t.db, { type: 'featured' });
    await grant(fan.id, 30);
    expect(await outcome(pay(fan.id, creator.id, 31))).toBe('too_low');
    expect(await creditsOf(t.db, fan.id)).toBe(30);
    expect(
      await t.db.$count(
        ledgerEntries,
        sql`${ledgerEntries.accountId} in (select id from ledger_accounts where owner_id = ${creator.id})`,
      ),
    ).toBe(0);
  });

  it('keeps entries append-only', async () => {
    await expect(t.db.execute(sql`update ledger_entries set amount = 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
  });

  it('accepts exactly as many concurrent payments as the balance covers', async () => {
    const fan = await createUser(t.db);
    const creator = await createUser(t.db, { type: 'featured' });
    await grant(fan.id, 50);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => outcome(pay(fan.id, creator.id, 10))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(5);
    expect(await creditsOf(t.db, fan.id)).toBe(0);
  });

  it('applies a repeated idempotency key once', async () => {
    const fan = await createUser(t.db);
    const creator = await createUser(t.db, { type: 'featured' });
    await grant(fan.id, 100);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pay(fan.id, creator.id, 10, `send-${fan.id}`)),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await creditsOf(t.db, fan.id)).toBe(90);
  });

  it('keeps every invariant over random operations', async () => {
    const people = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createUser(t.db, { type: i < 2 ? 'featured' : 'user' })),
    );
    let seed = 42;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const pick = () => {
      const person = people[random(people.length)];
      if (!person) throw new Error('no such person');
      return person;
    };
    const ops: Promise<'ok' | 'too_low'>[] = [];
    for (let i = 0; i < 300; i++) {
      const a = pick();
      const b = pick();
      ops.push(
        random(3) === 0 ? outcome(grant(a.id, 1 + random(40))) : outcome(pay(a.id, b.id, 1 + random(60))),
      );
    }
    const results = await Promise.all(ops);
    expect(results).toContain('too_low');

    const unbalanced = await t.db.execute(
      sql`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`,
    );
    expect((unbalanced as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect(await balanceMismatches(t.db)).toEqual([]);
    for (const p of people) expect(await creditsOf(t.db, p.id)).toBeGreaterThanOrEqual(0);
  });
});
