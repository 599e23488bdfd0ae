import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { CREDIT_PACKAGES, FIRST_PURCHASE_BONUS } from '../../src/payments/packages';
import { readServerFile } from '../../src/server-file';
import { grantCredits } from '../helpers/chats';
import { ledgerViolations, noViolations, webhooksLeft, webhooksSettled } from '../helpers/payment-invariants';
import { browserInfo, CARDS } from '../helpers/payments';
import { serverProcess, type ServerProcess } from '../helpers/server-process';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { signedInUser } from '../helpers/users';
import { seededRandom } from '../helpers/seeded-random';

// The real server in its own process takes concurrent card payments (plain, 3-D Secure, message
// unlocks), refunds and chargebacks, and is killed with SIGKILL at a random moment, several rounds
// over, restarting each time on the same database and DATA_DIR. Then everything is left to settle.
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ROUNDS = 4;
const FANS = 6;
/** Concurrent request lanes per fan, so one fan's payments race one another too. */
const LANES = 2;
const PAID_MESSAGES = 3;

const { next: random, pick } = seededRandom(SEED);

interface Person {
  id: string;
  token: string;
}
interface Fan extends Person {
  messages: string[];
  /** Payments this fan was told had succeeded (answers lost in a kill are found in the database). */
  succeeded: string[];
}

let database: TestDatabase;
let server: ServerProcess;
let fans: Fan[];
/** Webhook jobs a kill left 'active', which pg-boss hands on only once they expire. */
let stranded = 0;
const killedAfterMs: number[] = [];
let requestsAnswered = 0;

async function rowsFrom<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(query));
}

async function call(who: Person | null, method: 'GET' | 'POST', path: string, body?: object, form?: string) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(who ? { 'access-token': who.token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : form ? { body: form } : {}),
  });
  const textBody = await res.text();
  requestsAnswered++;
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(textBody) as Record<string, unknown>;
  } catch {
    // pages and redirects
  }
  return { status: res.status, json };
}

/** The admin secret of the running server, from its DATA_DIR/server.json (as `npm run admin` reads it). */
function adminSecret(): string {
  const port = Number(new URL(server.baseUrl).port);
  for (const dir of readdirSync(tmpdir()).filter((d) => d.startsWith('cove-process-'))) {
    const info = readServerFile(join(tmpdir(), dir, 'data'));
    if (info?.port === port) return info.adminSecret;
  }
  throw new Error(`no server.json names port ${port}`);
}

async function pay(fan: Fan, extra: Record<string, unknown>, card: string) {
  const token = await call(null, 'POST', '/sandbox/v1/tokens', {
    number: card,
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  });
  const res = await call(fan, 'POST', '/v1/payment', {
    amount: pick(CREDIT_PACKAGES).amount,
    success_url: '/3ds-callback?3ds=success',
    fail_url: '/3ds-callback?3ds=error',
    browser_info: browserInfo,
    card_token: token.json.token,
    idempotency_key: randomUUID(),
    ...extra,
  });
  // Only payments that already succeeded are reversed: others answer 400 and would test nothing.
  const id = res.json.payment_id as string | undefined;
  if (id && typeof res.json.credits === 'number') fan.succeeded.push(id);
  if (res.json.three_ds && typeof res.json.redirect_url === 'string') {
    const back = await call(
      null,
      'POST',
      res.json.redirect_url,
      undefined,
      `outcome=${random() < 0.9 ? 'approve' : 'fail'}`,
    );
    expect(back.status).toBe(303);
  }
}

/** Support's refund or the sandbox's chargeback, through the running server (`npm run admin`). */
async function reverse(fan: Fan, action: 'refund' | 'chargeback') {
  const paymentId = pick(fan.succeeded);
  if (!paymentId) return;
  const res = await fetch(`${server.baseUrl}/internal/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-secret': adminSecret() },
    body: JSON.stringify({ action, paymentId, actor: 'payment-crash.test' }),
  });
  const answer = await res.text();
  // 409 `payment_not_reversible` when the payment is not (or not yet, or no longer) a succeeded one.
  expect(`${res.status} ${answer}`).toMatch(/^(200 |409 .*payment_not_reversible)/);
}

async function operation(fan: Fan) {
  const r = random();
  if (r < 0.3) await pay(fan, {}, pick([CARDS.visa, CARDS.master]));
  else if (r < 0.5) await pay(fan, {}, CARDS.threeDs);
  else if (r < 0.72)
    await pay(fan, { message_id: pick(fan.messages) }, random() < 0.6 ? CARDS.visa : CARDS.threeDs);
  else if (r < 0.76) await pay(fan, {}, CARDS.declined);
  else if (r < 0.88 && fan.succeeded.length > 0) await reverse(fan, 'refund');
  else if (fan.succeeded.length > 0) await reverse(fan, 'chargeback');
  else await pay(fan, {}, CARDS.visa);
}

/** Every lane works until its request fails; the server is killed after a random while. */
async function roundWithKill(round: number) {
  const killAt = 300 + Math.floor(random() * 1500);
  killedAfterMs.push(killAt);
  let killed: Promise<void> | undefined;
  const timer = setTimeout(() => {
    killed = server.crash();
  }, killAt);
  const lane = async (fan: Fan) => {
    for (let n = 0; n < 200; n++) {
      const ok = await operation(fan).then(
        () => true,
        (err: unknown) => {
          // Only the kill may fail a request.
          if (killed === undefined) throw new Error(`round ${round}: ${String(err)}`);
          return false;
        },
      );
      if (!ok) return;
    }
  };
  await Promise.all(fans.flatMap((fan) => Array.from({ length: LANES }, () => lane(fan))));
  clearTimeout(timer);
  if (!killed) throw new Error(`round ${round}: every lane finished before the kill`);
  await killed;
}

/**
 * After a restart, webhook jobs the killed server was running stay 'active' until pg-boss expires
 * them (the queue's default, 15 minutes, then the next maintenance). They are handed on now, as that
 * expiry would, so the test need not wait 16 minutes; their count is reported.
 */
async function handOnStrandedWebhooks(startedAt: Date) {
  const rows = await rowsFrom<{ id: string }>(sql`update pgboss.job set state = 'retry', start_after = now()
    where name = 'sandbox-webhooks' and state = 'active' and started_on < ${startedAt.toISOString()}::timestamptz
    returning id`);
  stranded += rows.length;
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await serverProcess(database.url);
  await server.start();
  const { user: c, token: creatorToken } = await signedInUser(database.db, {
    type: 'featured',
    creditRate: 0,
    introEnabled: false,
  });
  const creator = { id: c.id, token: creatorToken };
  fans = [];
  for (let i = 0; i < FANS; i++) {
    const { user, token } = await signedInUser(database.db, { type: 'user' });
    const fan: Fan = { id: user.id, token, messages: [], succeeded: [] };
    expect((await call(fan, 'POST', '/v1/chat', { recipient_id: creator.id })).status).toBe(200);
    for (let m = 0; m < PAID_MESSAGES; m++) {
      const sent = await call(creator, 'POST', '/v1/messages', {
        type: 'text',
        recipient_id: user.id,
        text: `paid ${m}`,
        send_id: randomUUID(),
        price: 40 + 20 * m,
      });
      expect(sent.status).toBe(200);
      fan.messages.push((sent.json.data as { _id: string })._id);
    }
    // A payment to reverse from the first request on, however soon the first kill comes.
    await pay(fan, {}, CARDS.visa);
    expect(fan.succeeded).toHaveLength(1);
    fans.push(fan);
  }
  // One fan starts with credits of their own, so a chargeback can take back spent credits as debt.
  const first = fans[0];
  if (first) await grantCredits(database.db, first.id, 30);

  for (let round = 1; round <= ROUNDS; round++) {
    if (round > 1) await server.start();
    await roundWithKill(round);
  }
  const startedAt = new Date();
  await server.start();
  await handOnStrandedWebhooks(startedAt);
  // Fans back at a 3-D Secure page answer it; then the webhooks are delivered and each payer's page
  // asks how the payment ended, which finishes an action a kill left undone.
  const open = await rowsFrom<{ id: string }>(
    sql`select id from sandbox_payments where status = 'requires_action'`,
  );
  for (const { id } of open)
    expect((await call(null, 'POST', `/sandbox/3ds/${id}`, undefined, 'outcome=approve')).status).toBe(303);
  await webhooksSettled(database.db, 20_000);
  const owners = await rowsFrom<{ id: string; user_id: string }>(sql`select id, user_id from payments`);
  for (const p of owners) {
    const fan = fans.find((f) => f.id === p.user_id);
    if (fan) expect((await call(fan, 'GET', `/v1/payment/${p.id}`)).status).toBe(200);
  }
}, 180_000);
afterAll(async () => {
  await server?.dispose();
  await database?.close();
});

const context = () =>
  `CRASH_SEED=${SEED}, kills after ${killedAfterMs.join('/')} ms, ${requestsAnswered} answers, ${stranded} stranded webhooks`;

describe(`payments through ${ROUNDS} SIGKILLs of the server`, () => {
  it('was killed in the middle of payments, refunds and chargebacks', async () => {
    const [counts] = await rowsFrom<Record<string, number>>(sql`select
      count(*)::int as payments,
      count(*) filter (where status = 'succeeded')::int as succeeded,
      count(*) filter (where status = 'refunded')::int as refunded,
      count(*) filter (where status = 'charged_back')::int as charged_back,
      count(*) filter (where payment_type = 'message')::int as unlocks
      from payments`);
    process.stdout.write(`${context()}\n${JSON.stringify(counts)}\n`);
    expect(counts?.succeeded).toBeGreaterThan(0);
    expect((counts?.refunded ?? 0) + (counts?.charged_back ?? 0)).toBeGreaterThan(0);
    expect(await webhooksLeft(database.db)).toBe(0);
  });

  it('never loses or invents a credit: balanced transactions, true balances, none below zero', async () => {
    expect({ context: context(), ...(await ledgerViolations(database.db)) }).toEqual({
      context: context(),
      ...noViolations,
    });
  });

  it('gives the fan every payment the provider charged, once: no charged card without its credits', async () => {
    const wrong = await rowsFrom(sql`select s.id, s.status as provider, p.status as cove, p.transaction_id
      from sandbox_payments s left join payments p on p.id::text = s.metadata->>'payment_id'
      where p.id is null
        or (case s.status when 'succeeded' then 'succeeded' when 'refunded' then 'refunded'
              when 'disputed' then 'charged_back' when 'failed' then 'failed' else 'pending' end) <> p.status`);
    expect({ context: context(), wrong }).toEqual({ context: context(), wrong: [] });
    // Nor credits without a charge: every payment with money has a sandbox payment that took it.
    const uncharged = await rowsFrom(sql`select p.id, p.status from payments p
      where p.transaction_id is not null and not exists (select 1 from sandbox_payments s
        where s.metadata->>'payment_id' = p.id::text and s.status in ('succeeded', 'refunded', 'disputed'))`);
    expect(uncharged).toEqual([]);
    const twice = await rowsFrom(sql`select reference->>'payment_id' as payment_id, kind, count(*)::int as n
      from ledger_transactions where kind in ('payment', 'refund', 'chargeback')
      group by 1, 2 having count(*) > 1`);
    expect(twice).toEqual([]);
  });

  it("keeps each fan's credits and debt at what their kept payments bought less what they spent", async () => {
    const off = await rowsFrom(sql`with fan as (
        select u.id,
          coalesce((select sum(e.amount) from ledger_entries e join ledger_accounts a on a.id = e.account_id
            where a.owner_id = u.id and a.kind in ('credits', 'debt')), 0)::int as held,
          coalesce((select sum(credits) from payments p where p.user_id = u.id and p.status = 'succeeded'), 0)::int
            + coalesce((select sum(amount) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
                join ledger_accounts a on a.id = e.account_id
                where t.kind = 'test_grant' and a.owner_id = u.id), 0)::int
            - coalesce((select sum(price) from purchases b where b.buyer_id = u.id), 0)::int as expected,
          (select count(*) from payments p where p.user_id = u.id and p.transaction_id is not null)::int as credited,
          coalesce((select sum(bonus - package_bonus) from payments p
            where p.user_id = u.id and p.transaction_id is not null), 0)::int as first_bonus
        from users u where u.type = 'user')
      select * from fan where held <> expected
        or first_bonus <> (case when credited > 0 then ${FIRST_PURCHASE_BONUS} else 0 end)`);
    expect({ context: context(), off }).toEqual({ context: context(), off: [] });
  });

  it('finishes every paid unlock (done or failed, never left pending) and sells a message at most once', async () => {
    const open = await rowsFrom(sql`select id, status, action_status from payments
      where payment_type = 'message' and status in ('succeeded', 'refunded', 'charged_back')
        and action_status not in ('done', 'failed')`);
    expect(open).toEqual([]);
    // A purchase a chargeback revoked (its charge reversed by `purchase_revoked`) may be bought again.
    const twice = await rowsFrom(sql`select reference->>'message_id' as message_id, count(*)::int as n
      from ledger_transactions t where kind = 'purchase'
        and not exists (select 1 from ledger_transactions r where r.idempotency_key = 'purchase_revoked:' || t.id)
      group by 1 having count(*) > 1`);
    expect(twice).toEqual([]);
    // An unlock done is a purchase held (unless its chargeback took it back), paid by that payment's fan.
    const unlocked = await rowsFrom(sql`select p.id from payments p
      where p.action_status = 'done' and p.unlocked_message_id is not null and p.status <> 'charged_back'
        and not exists (select 1 from purchases b where b.message_id = p.unlocked_message_id and b.buyer_id = p.user_id)`);
    expect(unlocked).toEqual([]);
  });
});
