import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { closeCodes } from '@cove/contracts';
import { main } from '../../src/cli/admin';
import { openDatabase } from '../../src/db/client';
import { toolDatabase } from '../../src/db/database-source';
import { adminActions, users } from '../../src/db/schema';
import { migrationsFolder } from '../../src/paths';
import { writeServerFile } from '../../src/server-file';
import { createTestApp } from '../helpers/test-app';
import { createUser, signedInUser } from '../helpers/users';

// The CLI reads DATA_DIR like the server; these tests point it at their own folders.
const env = { ...process.env };
afterEach(() => {
  process.env = { ...env };
});

const quietly = async (argv: string[]) => {
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const code = await main(argv);
    return { code, out: out.mock.calls.join(''), err: err.mock.calls.join('') };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
};

/** Work on a data folder's embedded database as another tool would. */
async function onEmbedded<T>(dataDir: string, work: (db: ReturnType<typeof openDatabase>) => Promise<T>) {
  const source = await toolDatabase({ dataDir, databaseUrl: undefined });
  const database = openDatabase({ url: source.url, migrationsFolder });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
    await source.release();
  }
}

describe('npm run admin', () => {
  it('prints help and refuses unknown commands', async () => {
    const help = await quietly(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('grant-credits');
    const bad = await quietly(['explode', 'a@b.c']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('Unknown command "explode"');
  });

  it('starts the embedded database for the command when no server runs, and stops it after', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cove-admin-'));
    await onEmbedded(dataDir, (d) => createUser(d.db, { email: 'direct@example.com' }));

    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    const res = await quietly(['grant-staff', 'direct@example.com', '--as', 'tester']);
    expect(res).toMatchObject({ code: 0, out: 'direct@example.com is now staff.\n' });
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const [row] = await onEmbedded(dataDir, (d) =>
      d.db.select().from(users).where(eq(users.email, 'direct@example.com')),
    );
    expect(row?.isStaff).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('works on the running server’s database and tells its open sockets at once', async () => {
    const t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    // What a server on this data folder leaves for local tools: its claim on the folder, the
    // database it runs (here the test database) and how to reach it.
    const holder = process.ppid;
    writeFileSync(join(t.config.dataDir, 'cove.pid'), String(holder));
    writeFileSync(
      join(t.config.dataDir, 'postgres.json'),
      JSON.stringify({ pid: holder, url: t.database.url }),
    );
    const remove = writeServerFile(t.config.dataDir, { pid: holder, port, adminSecret: t.app.adminSecret });

    const { user, token } = await signedInUser(t.db, { email: 'live@example.com' });
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
    const heard: { type: string; credits?: number }[] = [];
    ws.on('message', (raw) => heard.push(JSON.parse(raw.toString())));
    const closed = new Promise<number>((resolve) => ws.once('close', resolve));
    await new Promise((resolve) => ws.once('open', resolve));

    process.env.DATA_DIR = t.config.dataDir;
    delete process.env.DATABASE_URL;
    const res = await quietly(['grant-credits', 'live@example.com', '40']);
    expect(res).toMatchObject({ code: 0, out: 'live@example.com now has 40 credits ($4.00).\n' });
    const failed = await quietly(['approve', 'live@example.com']);
    expect(failed.code).toBe(1);
    expect(failed.err).toContain('There is no application in review.');

    expect(await quietly(['ban', 'live@example.com'])).toMatchObject({ code: 0 });
    expect(await closed).toBe(closeCodes.banned);
    // The ban is recorded in the person's notifications, but `banned` is the last thing they hear.
    expect(heard.map((m) => m.type)).toEqual(['init', 'credits_update', 'banned']);
    expect(heard[1]?.credits).toBe(40);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.bannedAt).not.toBeNull();

    // Unbanned with a reason; every command of this run is in the audit log with why.
    const unban = await quietly(['unban', 'live@example.com', '--as', 'ops', '--reason', 'appeal accepted']);
    expect(unban).toMatchObject({
      code: 0,
      out: 'live@example.com is no longer banned and may sign in again.\n',
    });
    const log = await t.db.select().from(adminActions).where(eq(adminActions.targetUserId, user.id));
    expect(log.map((a) => [a.command, a.reason])).toEqual([
      ['grant-credits', 'from the command line'],
      ['ban', 'from the command line'],
      ['unban', 'appeal accepted'],
    ]);
    remove();
    await t.close();
  });
});
