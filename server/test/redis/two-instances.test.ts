import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { bundleForNode } from '../helpers/bundle';
import type { FastifyInstance } from 'fastify';
import { runAdminCommand } from '../../src/admin/commands';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { users } from '../../src/db/schema';
import { serverRoot } from '../../src/paths';
import type { RealtimeSettings } from '../../src/realtime/settings';
import { fanAndCreator, grantCredits, type Party, person, text } from '../helpers/chats';
import { eventually, openSocket, type Received, type TestSocket, wsBase } from '../helpers/socket';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import type { TestApp } from '../helpers/test-app';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
/** Heartbeats every 250 ms, taken for dead after 2 s of silence, so a crash is noticed quickly. */
const realtime: Partial<RealtimeSettings> = { presenceHeartbeatMs: 250, presenceLapseMs: 2_000 };
let database: TestDatabase;
let dataDir: string;
let a: FastifyInstance;
let b: FastifyInstance;

async function instance(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    REDIS_URL: redisUrl,
    RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false, realtime });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cove-redis-'));
  database = await createTestDatabase();
  a = await instance();
  b = await instance();
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const asTestApp = () => ({ app: a, db: database.db }) as unknown as TestApp;

async function lastOnline(userId: string): Promise<number | undefined> {
  const [row] = await database.db.select({ at: users.lastOnline }).from(users).where(eq(users.id, userId));
  return row?.at?.getTime();
}

async function isOnlineColumn(userId: string): Promise<boolean | undefined> {
  const [row] = await database.db.select({ on: users.isOnline }).from(users).where(eq(users.id, userId));
  return row?.on;
}

const presenceOf = (userId: string) => (m: Received) =>
  (m.type === 'user_online' || m.type === 'user_offline') && m.user_id === userId;

/**
 * A server instance in a process of its own (the real app, bundled like the release), so it can
 * disappear the way a crash does: no close handshake, no goodbye to Redis, no more heartbeats.
 */
async function separateInstance(): Promise<{ base: string; crash(): Promise<void> }> {
  const outdir = mkdtempSync(join(tmpdir(), 'cove-instance-'));
  const outfile = join(outdir, 'instance.js');
  await bundleForNode(join(__dirname, 'instance-process.ts'), outfile);
  const child: ChildProcess = spawn(process.execPath, [outfile], {
    env: {
      ...process.env,
      NODE_PATH: join(serverRoot, 'node_modules'),
      COVE_SERVER_ROOT: serverRoot,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      RATE_LIMIT_PER_MINUTE: '100000',
      COVE_TEST_REALTIME: JSON.stringify(realtime),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (!child.stdout) throw new Error('the instance has no stdout');
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const { port } = JSON.parse(line) as { port: number };
  return {
    base: `ws://127.0.0.1:${port}`,
    crash: async () => {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}

describe('two server instances over Redis', () => {
  it('delivers a message sent through one instance to a socket on the other', async () => {
    const { fan, creator } = await fanAndCreator(asTestApp(), { credits: 100 });
    const onB = openSocket(wsBase(b), creator.token);
    await onB.until((m) => m.type === 'init');
    const sent = await fan.api.post('/v1/messages', text(creator.user.id, 'across instances'));
    expect(sent.statusCode).toBe(200);
    const got = (await onB.until((m) => m.type === 'new_message')) as Received & {
      message?: { text: string };
    };
    expect(got.message?.text).toBe('across instances');
    onB.ws.close();
  });

  it('closes a banned user\u2019s socket on the other instance', async () => {
    const { fan } = await fanAndCreator(asTestApp(), { credits: 0 });
    const onB = openSocket(wsBase(b), fan.token);
    await onB.opened;
    const done = await runAdminCommand(database.db, a.realtime, {
      actor: 'test',
      command: 'ban',
      email: fan.user.email,
      args: [],
    });
    expect(done).toBe(`${fan.user.email} is banned and signed out everywhere.`);
    expect(await onB.closed).toBe(4403);
  });
});

describe('presence across instances', () => {
  it('keeps a user online while another instance holds a tab, and says offline once the last closes', async () => {
    const { fan, creator } = await fanAndCreator(asTestApp(), { credits: 0 });
    const watcher = openSocket(wsBase(a), fan.token);
    await watcher.until((m) => m.type === 'init');

    const tabOnA = openSocket(wsBase(a), creator.token);
    await watcher.until(presenceOf(creator.user.id));
    const beforeB = await lastOnline(creator.user.id);
    const tabOnB = openSocket(wsBase(b), creator.token);
    await eventually(async () => (await lastOnline(creator.user.id)) !== beforeB);

    // Instance A records the closed tab (last_online moves on every change), but B still holds one.
    const beforeClose = await lastOnline(creator.user.id);
    tabOnA.ws.close();
    await eventually(async () => (await lastOnline(creator.user.id)) !== beforeClose);
    expect(await a.realtime.isOnline(creator.user.id)).toBe(true);
    expect(await isOnlineColumn(creator.user.id)).toBe(true);

    tabOnB.ws.close();
    await watcher.until((m) => m.type === 'user_offline');
    expect(await isOnlineColumn(creator.user.id)).toBe(false);
    expect(watcher.seen.filter(presenceOf(creator.user.id)).map((m) => m.type)).toEqual([
      'user_online',
      'user_offline',
    ]);
    watcher.ws.close();
  });

  it('takes the users of an instance that crashed offline once its heartbeat lapses', async () => {
    const { fan, creator } = await fanAndCreator(asTestApp(), { credits: 0 });
    const watcher = openSocket(wsBase(a), fan.token);
    await watcher.until((m) => m.type === 'init');
    const doomed = await separateInstance();
    const tab = openSocket(doomed.base, creator.token);
    try {
      await watcher.until((m) => m.type === 'user_online');
      expect(await b.realtime.isOnline(creator.user.id)).toBe(true);
    } finally {
      await doomed.crash();
    }
    expect(await tab.closed).toBe(1006);
    await watcher.until((m) => m.type === 'user_offline');
    expect(await b.realtime.isOnline(creator.user.id)).toBe(false);
    expect(await isOnlineColumn(creator.user.id)).toBe(false);
    watcher.ws.close();
  }, 30_000);
});

describe('an instance killed under load', () => {
  it('loses no message: sends replay on the other instance and the socket resumes there by sequence', async () => {
    const doomed = await separateInstance();
    const { fan, creator } = await fanAndCreator(asTestApp(), { credits: 1_000, rate: 1 });
    const fans = [fan];
    for (let i = 0; i < 7; i++) {
      const other = await person(asTestApp(), { type: 'user' });
      await grantCredits(database.db, other.user.id, 1_000);
      expect((await other.api.post('/v1/chat', { recipient_id: creator.user.id })).statusCode).toBe(200);
      fans.push(other);
    }
    const first = openSocket(doomed.base, creator.token);
    await first.until((m) => m.type === 'init');
    const sends = fans.flatMap((f, i) => Array.from({ length: 15 }, (_, n) => ({ f, id: `kill-${i}-${n}` })));
    const post = (base: string, from: Party, id: string) =>
      fetch(`${base}/v1/messages`, {
        method: 'POST',
        headers: { 'access-token': from.token, 'content-type': 'application/json' },
        body: JSON.stringify(text(creator.user.id, id, { send_id: id })),
      }).then(
        (r) => r.status,
        () => 0,
      );
    // A third of the burst answered, then the instance dies with the rest in flight.
    let answered = 0;
    const burst = sends.map(({ f, id }) =>
      post(doomed.base.replace(/^ws/, 'http'), f, id).finally(() => answered++),
    );
    await eventually(() => answered >= sends.length / 3);
    await doomed.crash();
    await Promise.all(burst);
    expect(await first.closed).toBe(1006);

    // The client reconnects to the other instance from the last event it saw and replays every send.
    const lastSeen = Math.max(0, ...first.seen.map((m) => m.seq ?? 0));
    const second = openSocket(wsBase(a), creator.token, lastSeen);
    await second.until((m) => m.type === 'init');
    const survivor = wsBase(a).replace(/^ws/, 'http');
    for (const { f, id } of sends) while ((await post(survivor, f, id)) !== 200);
    const texts = (socket: TestSocket) =>
      socket.seen.flatMap((m) => {
        const message = (m as { message?: { text: string } }).message;
        return m.type === 'new_message' && message ? [message.text] : [];
      });
    await eventually(() => texts(first).length + texts(second).length >= sends.length);
    expect([...texts(first), ...texts(second)].sort()).toEqual(sends.map((s) => s.id).sort());
    const seqs = [...first.seen, ...second.seen].flatMap((m) => (m.seq === undefined ? [] : [m.seq]));
    expect(new Set(seqs).size).toBe(seqs.length);
    second.ws.close();
  }, 60_000);
});

describe('rate limits across instances', () => {
  let c: FastifyInstance;
  let d: FastifyInstance;
  beforeAll(async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '3', SIGN_IN_PER_EMAIL_PER_10_MINUTES: '2' };
    c = await instance(env);
    d = await instance(env);
  });
  afterAll(async () => {
    await c.close();
    await d.close();
  });

  // Fresh addresses and emails each run: counts in Redis outlive the suite for their window.
  const address = () => `10.${[...randomBytes(3)].join('.')}`;

  it('counts an address\u2019s API requests on every instance together', async () => {
    const from = address();
    const codes: number[] = [];
    for (const app of [c, d, c, d])
      codes.push(
        (await app.inject({ url: '/v1/provider/config?platform=react', remoteAddress: from })).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('counts sign-in requests for one email on every instance together', async () => {
    const email = `limited-${randomBytes(4).toString('hex')}@example.com`;
    const ask = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/v1/users/sign',
        payload: { email, accept_terms: true },
        remoteAddress: address(),
      });
    expect((await ask(c)).statusCode).toBe(200);
    expect((await ask(d)).statusCode).toBe(200);
    const third = await ask(c);
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('sign_in_limited');
  });
});
