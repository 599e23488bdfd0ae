import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { main } from '../../src/cli/admin';
import { openDatabase } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { migrationsFolder } from '../../src/paths';
import { writeServerFile } from '../../src/server-file';
import { createTestApp } from '../helpers/test-app';
import { createUser } from '../helpers/users';

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

describe('npm run admin', () => {
  it('prints help and refuses unknown commands', async () => {
    const help = await quietly(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('grant-credits');
    const bad = await quietly(['explode', 'a@b.c']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('Unknown command "explode"');
  });

  it('works on the embedded database directly when no server runs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cove-admin-'));
    const setup = openDatabase({ dataDir, migrationsFolder });
    await setup.migrate();
    await createUser(setup.db, { email: 'direct@example.com' });
    await setup.close();

    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    const res = await quietly(['grant-staff', 'direct@example.com', '--as', 'tester']);
    expect(res).toMatchObject({ code: 0, out: 'direct@example.com is now staff.\n' });

    const check = openDatabase({ dataDir, migrationsFolder });
    const [row] = await check.db.select().from(users).where(eq(users.email, 'direct@example.com'));
    expect(row?.isStaff).toBe(true);
    await check.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('goes through the running server when there is one', async () => {
    const t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const remove = writeServerFile(t.config.dataDir, {
      pid: process.pid,
      port,
      adminSecret: t.app.adminSecret,
    });
    const user = await createUser(t.db, { email: 'live@example.com' });

    process.env.DATA_DIR = t.config.dataDir;
    const res = await quietly(['grant-credits', 'live@example.com', '40']);
    expect(res).toMatchObject({ code: 0, out: 'live@example.com now has 40 credits.\n' });
    const me = await t.app.inject({ url: '/v1/users/me', headers: {} });
    expect(me.statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe('live@example.com');

    const failed = await quietly(['approve', 'live@example.com']);
    expect(failed.code).toBe(1);
    expect(failed.err).toContain('is not a creator');
    remove();
    await t.close();
  });
});
