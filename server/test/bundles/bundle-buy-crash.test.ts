import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { media } from '../../src/db/schema';
import { rowsOf } from '../../src/db/rows';
import { balanceMismatches, creditsOf } from '../../src/ledger/ledger';
import { callProcess, type Caller, fanWithChat } from '../helpers/process-calls';
import { serverProcess, type ServerProcess } from '../helpers/server-process';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { signedInUser } from '../helpers/users';

// The real server in its own process is killed with SIGKILL in the middle of a burst of bundle
// purchases, started again on the same database, and every fan tries again until told it is bought.
const FANS = 30;
/** Requests each fan keeps in flight for the same bundle, so their unlocks race one another. */
const LANES_PER_FAN = 4;
const ITEMS = 3;
const PRICE = 75;
const START_CREDITS = 500;
/** Answers the burst gets before the kill. */
const KILL_AFTER = Math.floor((FANS * LANES_PER_FAN) / 3);

interface Fan extends Caller {
  messageId: string;
}

let database: TestDatabase;
let server: ServerProcess;
let fans: Fan[];
let itemIds: string[];

const call = (who: Caller, method: 'POST' | 'PATCH', path: string, body?: object) =>
  callProcess(server, who, method, path, body);

/** A creator with three ready vault photos (rows as processing leaves them), and fans each sent the bundle. */
async function world(): Promise<void> {
  const { user: creatorRow, token } = await signedInUser(database.db, {
    type: 'featured',
    introEnabled: false,
  });
  const creator = { id: creatorRow.id, token };
  itemIds = Array.from({ length: ITEMS }, () => randomUUID());
  await database.db.insert(media).values(
    itemIds.map((id, i) => ({
      id,
      ownerId: creator.id,
      publicId: `crash-${id}`,
      kind: 'image' as const,
      uploadType: 'paid_message' as const,
      status: 'ready' as const,
      sourceType: 'image/jpeg',
      size: 100 + i,
      md5: `${i}`.padStart(32, '0'),
      sha256: `${id}${i}`,
      width: 10,
      height: 10,
    })),
  );
  fans = [];
  for (let i = 0; i < FANS; i++) {
    const { fan, opened } = await fanWithChat(database.db, server, creator.id, START_CREDITS);
    const chatId = (opened.body.data as { _id: string })._id;
    const sent = await call(creator, 'POST', '/v1/messages', {
      type: 'image',
      chat_id: chatId,
      recipient_id: fan.id,
      text: 'three new photos',
      price: PRICE,
      send_id: randomUUID(),
      media_items: itemIds.map((media_id, k) => ({ media_id, preview: k === 0 })),
    });
    if (sent.status !== 200) throw new Error(`bundle send: ${sent.status} ${JSON.stringify(sent.body)}`);
    fans.push({ ...fan, messageId: (sent.body.data as { _id: string })._id });
  }
}

/** Every fan unlocks from several lanes at once; the server is killed once KILL_AFTER answers came. */
async function burstWithCrash(): Promise<number> {
  let answers = 0;
  let crashed: Promise<void> | undefined;
  await Promise.all(
    fans.flatMap((fan) =>
      Array.from({ length: LANES_PER_FAN }, async () => {
        const res = await call(fan, 'PATCH', `/v1/messages/${fan.messageId}/buy`).catch(() => undefined);
        if (res && ++answers === KILL_AFTER) crashed = server.crash();
      }),
    ),
  );
  if (!crashed) throw new Error(`the burst ended after ${answers} answers, before the kill`);
  await crashed;
  return answers;
}

/** Tries a fan's unlock again until the server says it is bought (200) or was bought before (409). */
async function settle(fan: Fan): Promise<number> {
  for (let tries = 0; tries < 20; tries++) {
    const res = await call(fan, 'PATCH', `/v1/messages/${fan.messageId}/buy`).catch(() => undefined);
    if (res && (res.status === 200 || res.status === 409)) return res.status;
    await sleep(100);
  }
  throw new Error(`fan ${fan.id} never settled`);
}

let answered: number;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await serverProcess(database.url);
  await server.start();
  await world();
  answered = await burstWithCrash();
  await server.start();
  await Promise.all(fans.map(settle));
}, 120_000);
afterAll(async () => {
  await server?.dispose();
  await database?.close();
});

describe('a server killed with SIGKILL in the middle of bundle purchases, then retried', () => {
  it('was killed mid-burst', () => {
    expect(answered).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(answered).toBeLessThan(FANS * LANES_PER_FAN);
  });

  it('charges each fan exactly once, and keeps the ledger balanced', async () => {
    for (const fan of fans) expect(await creditsOf(database.db, fan.id)).toBe(START_CREDITS - PRICE);
    const charges = rowsOf<{ message_id: string; n: number }>(
      await database.db.execute(sql`select reference->>'message_id' as message_id, count(*)::int as n
        from ledger_transactions where kind = 'purchase' group by 1`),
    );
    expect(charges.filter((c) => c.n !== 1)).toEqual([]);
    expect(charges.map((c) => c.message_id).sort()).toEqual(fans.map((f) => f.messageId).sort());
    expect(await balanceMismatches(database.db)).toEqual([]);
  });

  it('opens every item of each bundle once, attributing the whole share', async () => {
    const opened = rowsOf<{ message_id: string; n: number; earned: number }>(
      await database.db.execute(sql`select message_id::text, count(*)::int as n, sum(earned)::int as earned
        from purchase_items group by message_id`),
    );
    expect(opened.filter((o) => o.n !== ITEMS || o.earned !== Math.floor(PRICE * 0.8))).toEqual([]);
    expect(opened.map((o) => o.message_id).sort()).toEqual(fans.map((f) => f.messageId).sort());
  });
});
