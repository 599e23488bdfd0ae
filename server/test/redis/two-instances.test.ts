import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { runAdminCommand } from '../../src/admin/commands';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { fanAndCreator, text } from '../helpers/chats';
import { createTestDatabase } from '../helpers/test-database';
import type { TestApp } from '../helpers/test-app';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
let database: Database;
let dataDir: string;
let a: FastifyInstance;
let b: FastifyInstance;

async function instance(): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    REDIS_URL: redisUrl,
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  const app = await buildApp({ config, database, logger: false });
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

function socketOn(app: FastifyInstance, token: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws?token=${token}`);
  const got: { type: string; message?: { text: string } }[] = [];
  ws.on('message', (raw) => got.push(JSON.parse(raw.toString())));
  const until = (pred: () => boolean) =>
    new Promise<void>((resolve) => {
      const timer = setInterval(() => pred() && (clearInterval(timer), resolve()), 10);
    });
  return { ws, got, until, open: new Promise((r) => ws.once('open', r)) };
}

describe('two server instances over Redis', () => {
  it('delivers a message sent through one instance to a socket on the other', async () => {
    const t = { app: a, db: database.db } as unknown as TestApp;
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    const onB = socketOn(b, creator.token);
    await onB.open;
    await onB.until(() => onB.got.some((m) => m.type === 'init'));
    const sent = await fan.api.post('/v1/messages', text(creator.user.id, 'across instances'));
    expect(sent.statusCode).toBe(200);
    await onB.until(() => onB.got.some((m) => m.type === 'new_message'));
    expect(onB.got.find((m) => m.type === 'new_message')?.message?.text).toBe('across instances');
    onB.ws.close();
  });

  it('closes a banned user\u2019s socket on the other instance', async () => {
    const t = { app: a, db: database.db } as unknown as TestApp;
    const { fan } = await fanAndCreator(t, { credits: 0 });
    const onB = socketOn(b, fan.token);
    await onB.open;
    const closed = new Promise<number>((resolve) => onB.ws.once('close', (code) => resolve(code)));
    const done = await runAdminCommand(database.db, a.realtime, {
      actor: 'test',
      command: 'ban',
      email: fan.user.email,
      args: [],
    });
    expect(done).toBe(`${fan.user.email} is banned and signed out everywhere.`);
    expect(await closed).toBe(4403);
  });
});
