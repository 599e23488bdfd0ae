import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Registry, ReleaseHealthKind } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import { main } from '../../src/cli/release';
import { rowsOf } from '../../src/db/rows';
import { dataDirSecret } from '../../src/data-dir-secret';
import { readAudit } from '../../src/release/audit';
import { recordHealth, versionHealth } from '../../src/release/health-store';
import { healthTokens } from '../../src/release/health-token';
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

/** A registry where chat runs `stable` with `canary` at 50%, begun at `begun`; an empty audit log. */
async function canaryBegun(begun: Date) {
  const at = begun.toISOString();
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
}

/** A canary begun a minute ago, and no reports yet. */
async function canaryRunning() {
  await canaryBegun(new Date(Date.now() - 60_000));
  await t.db.execute(sql`delete from release_health`);
}

let visitors = 0;
/** An address of a network no visitor before used: real visitors come from many networks. */
function newNetwork(): string {
  visitors += 1;
  return `10.${Math.floor(visitors / 250)}.${visitors % 250}.1`;
}

/** The address each tab got its session from, and sends its reports from. */
const addressOf = new Map<string, string>();

/** A tab's release health session, as the shell asks for it, from `address`. */
async function sessionAt(address = newNetwork()): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/release-health/session',
    remoteAddress: address,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ token: string; expires_in: number }>();
  expect(body.expires_in).toBe(3600);
  addressOf.set(body.token, address);
  return body.token;
}

async function send(payload: object, remoteAddress = '10.200.0.1') {
  return t.app.inject({ method: 'POST', url: '/v1/release-health', remoteAddress, payload });
}

/** One report in the session `token` names, from the tab's address; accepted. */
async function reportIn(token: string, version: string, kind: ReleaseHealthKind) {
  const res = await send({ token, remote: 'chat', version, kind }, addressOf.get(token));
  expect(res.statusCode).toBe(204);
}

/** A new visitor's tab, from a network of its own, reporting once. */
async function visitor(version: string, kind: ReleaseHealthKind): Promise<string> {
  const token = await sessionAt();
  await reportIn(token, version, kind);
  return token;
}

const healthRows = async () =>
  rowsOf<{ count: number }>(await t.db.execute(sql`select * from release_health order by first_at`));

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
    const a = await sessionAt('203.0.113.7');
    const b = await sessionAt('198.51.100.7');
    await reportIn(a, stable, 'load');
    await reportIn(a, stable, 'load');
    await reportIn(b, canary, 'render_crash');
    const rows = rowsOf<Record<string, unknown>>(
      await t.db.execute(sql`select * from release_health order by first_at`),
    );
    expect(rows.map((r) => [r.version, r.kind, r.session, r.count])).toEqual([
      [stable, 'load', a.split('.')[0], 2],
      [canary, 'render_crash', b.split('.')[0], 1],
    ]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      ['count', 'first_at', 'kind', 'last_at', 'network', 'remote', 'session', 'version'].sort(),
    );
    // The network is a keyed hash: neither address nor its /24 is kept.
    expect(rows[0]?.network).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113|198\.51\.100/);
  });

  it('refuses a report without a session the server issued, and counts nothing', async () => {
    await canaryRunning();
    const token = await sessionAt();
    const [id = '', issued = '', network = ''] = token.split('.');
    const crash = { remote: 'chat', version: canary, kind: 'render_crash' };
    const refused: [object, string][] = [
      // A session id made up by the sender, as any script could send before.
      [{ session: 'made-up-session-1', ...crash }, 'validation'],
      [{ token: 'made-up-session-1', ...crash }, 'health_token'],
      // An issued token with another session id, or with a signature of the sender's own.
      [{ token: token.replace(id, 'x'.repeat(22)), ...crash }, 'health_token'],
      [{ token: `${id}.${issued}.${network}.${'A'.repeat(43)}`, ...crash }, 'health_token'],
    ];
    for (const [payload, code] of refused) {
      const res = await send(payload);
      expect({ status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({
        status: 400,
        code,
      });
    }
    expect((await send({ token: 'made-up-session-1', ...crash })).json()).toMatchObject({
      message: 'This release health token is not valid or has expired. Ask for a new one.',
    });
    expect(await healthRows()).toEqual([]);
  });

  it('refuses a session token once it has expired', async () => {
    await canaryRunning();
    const secret = dataDirSecret(t.config.dataDir, 'release-health-secret', undefined);
    const hourAgo = healthTokens(secret, () => Date.now() - 3601_000).issue('10.1.1.1');
    const res = await send({ token: hourAgo, remote: 'chat', version: canary, kind: 'render_crash' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'health_token' });
    expect(await healthRows()).toEqual([]);
  });

  it('refuses a report that is not a remote version', async () => {
    const res = await send({ token: await sessionAt(), remote: 'billing', version: '../x', kind: 'load' });
    expect(res.statusCode).toBe(400);
  });

  it('issues at most 30 sessions an hour to one network', async () => {
    const answers: number[] = [];
    // Addresses of one /24, as one party renting a block would use.
    for (let i = 1; i <= 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/release-health/session',
        remoteAddress: `10.250.7.${i}`,
      });
      answers.push(res.statusCode);
    }
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers[30]).toBe(429);
    expect(await sessionAt('10.250.8.1')).toBeTruthy();
  });

  it('counts a session once however often it repeats a report, and two sessions of one network', async () => {
    await canaryRunning();
    // One session crashing over and over, then 24 more sessions of the same network doing the same.
    const first = await sessionAt('10.251.0.1');
    for (let i = 0; i < 25; i++) await reportIn(first, canary, 'render_crash');
    for (let i = 2; i < 26; i++) await reportIn(await sessionAt(`10.251.0.${i}`), canary, 'render_crash');
    expect((await chatEntry())?.canary?.version).toBe(canary);
    expect(await readAudit(join(mf, 'audit.log'))).toEqual([]);
    const [canaryHealth] = await versionHealth(t.db, 'chat', [canary], null);
    expect(canaryHealth).toEqual({
      version: canary,
      sessions: 2,
      failed: 2,
      networks: 1,
      failedNetworks: 1,
      rate: 1,
    });
    // Only a session's first report of a kind is news (and checks the canary); repeats are not.
    const again = {
      session: first.split('.')[0] ?? '',
      network: 'n',
      remote: 'chat',
      version: canary,
    } as const;
    expect(await recordHealth(t.db, { ...again, kind: 'render_crash' })).toBe(false);
    expect(await recordHealth(t.db, { ...again, kind: 'client_error' })).toBe(true);
    expect(await recordHealth(t.db, { ...again, kind: 'client_error' })).toBe(false);
  });

  it('leaves a failing canary alone below 20 sessions', async () => {
    await canaryRunning();
    for (let i = 0; i < 19; i++) await visitor(canary, 'render_crash');
    expect((await chatEntry())?.canary?.version).toBe(canary);
    expect(await readAudit(join(mf, 'audit.log'))).toEqual([]);
  });

  it('leaves a failing canary alone until sessions of 10 networks saw it fail', async () => {
    await canaryRunning();
    for (let i = 0; i < 20; i++) await visitor(canary, 'load');
    // Nine networks, each with its two counted sessions failing: 18 of 38 (47%), from 9 networks.
    for (let n = 0; n < 9; n++) {
      const address = newNetwork();
      for (let i = 0; i < 2; i++) await reportIn(await sessionAt(address), canary, 'render_crash');
    }
    expect((await chatEntry())?.canary?.version).toBe(canary);
    await visitor(canary, 'client_error');
    expect(await chatEntry()).toMatchObject({ current: stable, canary: null });
    expect((await readAudit(join(mf, 'audit.log')))[0]?.figures?.canary).toMatchObject({
      sessions: 39,
      failed: 19,
    });
  });

  it('rolls a canary back once it fails more than the margin above stable, and audits the figures', async () => {
    await canaryRunning();
    for (let i = 0; i < 40; i++) await visitor(stable, i < 2 ? 'client_error' : 'load');
    for (let i = 0; i < 90; i++) await visitor(canary, 'load');
    // 10 of 100 sessions fail (10%) against 2 of 40 on stable (5%): not more than 5 points above.
    for (let i = 0; i < 10; i++) await visitor(canary, i % 2 ? 'load_failure' : 'render_crash');
    expect((await chatEntry())?.canary?.version).toBe(canary);
    // A tab that loaded it and then saw it fail counts once, as failed: 11 of 101 (10.9%).
    await reportIn(await visitor(canary, 'load'), canary, 'client_error');

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
        canary: {
          version: canary,
          sessions: 101,
          failed: 11,
          networks: 101,
          failedNetworks: 11,
          rate: 11 / 101,
        },
        stable: { version: stable, sessions: 40, failed: 2, networks: 40, failedNetworks: 2, rate: 0.05 },
      },
    });

    // Later failures of the old canary change nothing more.
    await visitor(canary, 'render_crash');
    expect(await readAudit(join(mf, 'audit.log'))).toHaveLength(1);
  });

  it('is not held off by failures reported against stable while the canary runs', async () => {
    await canaryRunning();
    // The day before the canary: 2 of 40 stable sessions failed (5%).
    for (let i = 0; i < 40; i++) await visitor(stable, i < 2 ? 'client_error' : 'load');
    await new Promise((r) => setTimeout(r, 20));
    await canaryBegun(new Date());
    // Since: 30 sessions from 15 networks say stable fails, as much as the canary's real failures.
    for (let n = 0; n < 15; n++) {
      const address = newNetwork();
      for (let i = 0; i < 2; i++) await reportIn(await sessionAt(address), stable, 'render_crash');
    }
    for (let i = 0; i < 19; i++) await visitor(canary, 'render_crash');
    expect((await chatEntry())?.canary?.version).toBe(canary);
    await visitor(canary, 'render_crash');

    expect(await chatEntry()).toMatchObject({ current: stable, canary: null });
    expect((await readAudit(join(mf, 'audit.log')))[0]?.figures).toMatchObject({
      canary: { sessions: 20, failed: 20 },
      stable: { sessions: 40, failed: 2, rate: 0.05 },
    });
  });

  it('does not roll back when the canary fails no more than stable', async () => {
    await canaryRunning();
    for (let i = 0; i < 40; i++) await visitor(stable, i < 12 ? 'render_crash' : 'load');
    for (let i = 0; i < 40; i++) await visitor(canary, i < 12 ? 'render_crash' : 'load');
    expect((await chatEntry())?.canary?.version).toBe(canary);
  });

  it("shows each version's failed and tried sessions and networks in `release status`", async () => {
    await canaryRunning();
    for (let i = 0; i < 4; i++) await visitor(stable, i === 0 ? 'client_error' : 'load');
    // A session that loaded and then crashed counts once, as failed.
    await reportIn(await visitor(canary, 'load'), canary, 'render_crash');
    await visitor(canary, 'load_failure');
    // Three sessions of one network: the first two count.
    const shared = newNetwork();
    for (let i = 0; i < 3; i++) await reportIn(await sessionAt(shared), canary, 'load');

    const text = await releaseStatus();
    expect(text).toContain(`\n          stable  ${stable}: 1/4 sessions failed (25.0%), in 1/4 networks`);
    expect(text).toContain(`\n          canary  ${canary}: 2/4 sessions failed (50.0%), in 2/3 networks`);
    expect(text).not.toMatch(/error rates/);
    const chat = (JSON.parse(await releaseStatus('--json')) as { remote: string; health: unknown }[]).find(
      (r) => r.remote === 'chat',
    );
    expect(chat?.health).toEqual([
      { version: stable, sessions: 4, failed: 1, networks: 4, failedNetworks: 1, rate: 0.25 },
      { version: canary, sessions: 4, failed: 2, networks: 3, failedNetworks: 2, rate: 0.5 },
    ]);
  });

  it('limits reports from one address', async () => {
    await canaryRunning();
    const token = await sessionAt('10.9.9.9');
    const payload = { token, remote: 'chat', version: stable, kind: 'load' };
    for (let i = 0; i < 60; i++) expect((await send(payload, '10.9.9.9')).statusCode).toBe(204);
    expect((await send(payload, '10.9.9.9')).statusCode).toBe(429);
  });
});
