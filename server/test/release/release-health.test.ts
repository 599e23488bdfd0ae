import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Registry, ReleaseHealthKind } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import { main } from '../../src/cli/release';
import { rowsOf } from '../../src/db/rows';
import { readAudit } from '../../src/release/audit';
import { readRegistry } from '../../src/release/registry-store';
import { createTestApp, type TestApp } from '../helpers/test-app';

const stable = '20260301T100000Z-aaaa1111';
const canary = '20260302T100000Z-bbbb2222';

let t: TestApp;
let mf: string;
beforeAll(async () => {
  t = await createTestApp();
  mf = join(t.config.dataDir, 'mf');
});
afterAll(() => t.close());

/** A registry where chat runs `stable` with `canary` at 50%, begun a minute ago. */
async function canaryRunning() {
  const at = new Date(Date.now() - 60_000).toISOString();
  const published = (version: string) => ({ version, publishedAt: at, contentHash: version });
  const doc: Registry = {
    schemaVersion: 1,
    updatedAt: at,
    remotes: {
      chat: {
        current: stable,
        canary: { version: canary, percent: 50, startedAt: at },
        versions: [published(stable), published(canary)],
        history: [{ at, action: 'canary', from: stable, to: canary }],
      },
    },
  };
  await mkdir(mf, { recursive: true });
  await writeFile(join(mf, 'registry.json'), JSON.stringify(doc));
  await writeFile(join(mf, 'audit.log'), '');
  await t.db.execute(sql`delete from release_health`);
}

let address = 0;
/** One browser tab's report, each session from its own address as real visitors are. */
async function report(session: string, version: string, kind: ReleaseHealthKind, remote = 'chat') {
  address += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/release-health',
    remoteAddress: `10.0.${Math.floor(address / 250)}.${address % 250}`,
    payload: { session, remote, version, kind },
  });
  expect(res.statusCode).toBe(204);
}

/** `npm run release -- status` against this server's data folder and database, as printed. */
async function releaseStatus(...flags: string[]): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = t.database.url;
  try {
    const code = await main(['status', '--data-dir', t.config.dataDir, ...flags], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    expect({ code, err }).toEqual({ code: 0, err: [] });
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
  return out.join('\n');
}

const chatEntry = async () => (await readRegistry(join(mf, 'registry.json'))).remotes.chat;

describe('release health reports', () => {
  it('counts reports per version, kind and session, with nothing that names a person', async () => {
    await canaryRunning();
    await report('session-aaaa', stable, 'load');
    await report('session-aaaa', stable, 'load');
    await report('session-bbbb', canary, 'render_crash');
    const rows = rowsOf<Record<string, unknown>>(
      await t.db.execute(sql`select * from release_health order by session`),
    );
    expect(rows.map((r) => [r.version, r.kind, r.session, r.count])).toEqual([
      [stable, 'load', 'session-aaaa', 2],
      [canary, 'render_crash', 'session-bbbb', 1],
    ]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      ['count', 'first_at', 'kind', 'last_at', 'remote', 'session', 'version'].sort(),
    );
  });

  it('refuses a report that is not a remote version', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/release-health',
      payload: { session: 'session-aaaa', remote: 'billing', version: '../x', kind: 'load' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('leaves a failing canary alone below 20 sessions', async () => {
    await canaryRunning();
    for (let i = 0; i < 19; i++) await report(`canary-${i}-xxxx`, canary, 'render_crash');
    expect((await chatEntry())?.canary?.version).toBe(canary);
    expect(await readAudit(join(mf, 'audit.log'))).toEqual([]);
  });

  it('rolls a canary back once it fails more than the margin above stable, and audits the figures', async () => {
    await canaryRunning();
    for (let i = 0; i < 40; i++) await report(`stable-${i}-xxxx`, stable, i < 2 ? 'client_error' : 'load');
    for (let i = 0; i < 17; i++) await report(`canary-${i}-xxxx`, canary, 'load');
    // 3 of 20 sessions fail (15%) against 2 of 40 on stable (5%): more than 5 points and twice as many.
    for (let i = 17; i < 19; i++) await report(`canary-${i}-xxxx`, canary, 'load_failure');
    expect((await chatEntry())?.canary?.version).toBe(canary);
    await report('canary-19-xxxx', canary, 'render_crash');

    const entry = await chatEntry();
    expect(entry).toMatchObject({ current: stable, canary: null });
    expect(entry?.history.at(-1)).toMatchObject({ action: 'auto-rollback', from: canary, to: stable });
    const audit = await readAudit(join(mf, 'audit.log'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'auto-rollback',
      remote: 'chat',
      from: canary,
      to: stable,
      by: 'cove-server (automatic)',
      figures: {
        canary: { version: canary, sessions: 20, failed: 3, rate: 0.15 },
        stable: { version: stable, sessions: 40, failed: 2, rate: 0.05 },
      },
    });

    // Later failures of the old canary change nothing more.
    await report('canary-20-xxxx', canary, 'render_crash');
    expect(await readAudit(join(mf, 'audit.log'))).toHaveLength(1);
  });

  it('does not roll back when the canary fails no more than stable', async () => {
    await canaryRunning();
    for (let i = 0; i < 20; i++) await report(`stable-${i}-xxxx`, stable, i < 4 ? 'render_crash' : 'load');
    for (let i = 0; i < 20; i++) await report(`canary-${i}-xxxx`, canary, i < 4 ? 'render_crash' : 'load');
    expect((await chatEntry())?.canary?.version).toBe(canary);
  });

  it("shows each version's failed and tried sessions in `release status`", async () => {
    await canaryRunning();
    for (let i = 0; i < 4; i++) await report(`stable-${i}-xxxx`, stable, i === 0 ? 'client_error' : 'load');
    // A session that loaded and then crashed counts once, as failed.
    await report('canary-0-xxxx', canary, 'load');
    await report('canary-0-xxxx', canary, 'render_crash');
    await report('canary-1-xxxx', canary, 'load_failure');
    await report('canary-2-xxxx', canary, 'load');

    const text = await releaseStatus();
    expect(text).toContain(`\n          stable  ${stable}: 1/4 sessions failed (25.0%)`);
    expect(text).toContain(`\n          canary  ${canary}: 2/3 sessions failed (66.7%)`);
    expect(text).not.toMatch(/error rates/);
    const chat = (JSON.parse(await releaseStatus('--json')) as { remote: string; health: unknown }[]).find(
      (r) => r.remote === 'chat',
    );
    expect(chat?.health).toEqual([
      { version: stable, sessions: 4, failed: 1, rate: 0.25 },
      { version: canary, sessions: 3, failed: 2, rate: 2 / 3 },
    ]);
  });

  it('limits reports from one address', async () => {
    await canaryRunning();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/release-health',
        remoteAddress: '10.9.9.9',
        payload: { session: 'session-limit', remote: 'chat', version: stable, kind: 'load' },
      });
    for (let i = 0; i < 60; i++) expect((await send()).statusCode).toBe(204);
    expect((await send()).statusCode).toBe(429);
  });
});
