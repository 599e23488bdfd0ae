import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { runAdminCommand } from '../../src/admin/commands';
import { main } from '../../src/cli/release';
import { adminActions, userEvents } from '../../src/db/schema';
import { readAudit } from '../../src/release/audit';
import { recordHealth } from '../../src/release/health-store';
import { ensureRemotesPublished, publishFromDir, rollback } from '../../src/release/releases';
import { captureIo, inDirectory } from '../../src/release/test-harness';
import { as } from '../helpers/api';
import { heard, openSocket, wsBase } from '../helpers/socket';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { issueAccessToken } from '../../src/auth/tokens';
import { createUser, signedInUser } from '../helpers/users';

const shared = [
  { name: 'react', version: '19.2.1', requiredVersion: '^19.2.0', singleton: true, assets: {} },
];

async function writeBuild(dir: string, remote: string, label: string) {
  await mkdir(dir, { recursive: true });
  const manifest = {
    id: `cove_${remote}`,
    name: `cove_${remote}`,
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    shared,
    exposes: [{ id: `cove_${remote}:App`, name: 'App', path: './App', assets: {} }],
    remotes: [],
  };
  await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  await writeFile(join(dir, 'remoteEntry.js'), `/* ${remote} ${label} */`);
}

const budget = (root: string, remote: string, kb: number) =>
  writeFile(
    join(root, 'remotes', remote, 'package.json'),
    JSON.stringify({ name: `@cove/${remote}`, cove: { firstVisitBudgetKb: kb } }),
  );

/** A workspace with a built shell (a 10 KB page) and every remote built, each with a first-visit budget. */
async function workspace(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'cove-release-page-'));
  await writeFile(join(root, 'pnpm-workspace.yaml'), 'packages: []\n');
  const shell = join(root, 'shell', 'dist');
  await writeBuild(shell, 'shell', 'v1');
  await writeFile(join(shell, 'index.html'), randomBytes(10 * 1024));
  await writeFile(join(shell, 'size-report.json'), JSON.stringify({ page: { files: ['index.html'] } }));
  for (const r of ['chat', 'discover', 'account', 'payouts']) {
    await writeBuild(join(root, 'remotes', r, 'dist'), r, 'v1');
    await budget(root, r, 100);
  }
  return root;
}

let t: TestApp;
let root: string;
let smokeFails = false;
let v1: string;
let v2: string;

const registryFile = () => join(t.config.dataDir, 'mf', 'registry.json');
const registryText = () => readFile(registryFile(), 'utf8');
const chat = async () =>
  (JSON.parse(await registryText()) as { remotes: { chat: { current: string; canary?: unknown } } }).remotes
    .chat;
const lastAudit = async () => (await readAudit(join(t.config.dataDir, 'mf', 'audit.log'))).at(-1);

beforeAll(async () => {
  root = await workspace();
  t = await createTestApp({
    releases: {
      repoRoot: root,
      smoke: () =>
        smokeFails ? Promise.reject(new Error('chat did not render its root route')) : Promise.resolve(),
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const ctx = { dataDir: t.config.dataDir, repoRoot: root };
  await ensureRemotesPublished(ctx.dataDir, root, () => {});
  const build = join(root, 'builds', 'chat-v2');
  await writeBuild(build, 'chat', 'v2');
  // v2 is stored but not served: published, then rolled back, as the CLI would leave it.
  v2 = (await publishFromDir(ctx, 'chat', build)).to;
  v1 = (await rollback(ctx, 'chat')).to;
});
afterAll(() => t.close());

async function releaseManager() {
  const { user, token } = await signedInUser(t.db, { isReleaseManager: true });
  return { user, token, api: as(t.app, token) };
}

/** How many `releases_updated` a person's log holds. */
const releaseEvents = async (userId: string) =>
  (await t.db.select().from(userEvents).where(eq(userEvents.userId, userId))).filter(
    (e) => e.type === 'releases_updated',
  ).length;

const actions = () =>
  [
    ['post', '/v1/admin/releases/chat/publish', { version: v2, reason: 'ship the fix' }],
    ['post', '/v1/admin/releases/chat/canary', { version: v2, percent: 10, reason: 'try it' }],
    ['post', '/v1/admin/releases/chat/promote', { reason: 'looks good' }],
    ['post', '/v1/admin/releases/chat/rollback', { reason: 'undo' }],
  ] as const;

describe('the release API', () => {
  it('answers only release managers: 401 signed out or banned, 403 for fans, creators and staff', async () => {
    const before = await registryText();
    const fan = await signedInUser(t.db);
    const creator = await signedInUser(t.db, { type: 'featured' });
    const staff = await signedInUser(t.db, { isStaff: true, isStaffMo: true });
    const banned = await signedInUser(t.db, { isReleaseManager: true, bannedAt: new Date() });
    const calls = [['get', '/v1/admin/releases', undefined] as const, ...actions()];
    for (const [method, url, payload] of calls) {
      const anonymous = await t.app.inject({ method: method === 'get' ? 'GET' : 'POST', url, payload });
      expect([url, anonymous.statusCode]).toEqual([url, 401]);
      expect([url, (await as(t.app, banned.token)[method](url, payload)).statusCode]).toEqual([url, 401]);
      for (const who of [fan, creator, staff]) {
        const res = await as(t.app, who.token)[method](url, payload);
        expect([url, res.statusCode, res.json()]).toEqual([
          url,
          403,
          expect.objectContaining({ code: 'forbidden' }),
        ]);
      }
    }
    expect(await registryText()).toBe(before);
  });

  it('refuses a release manager whose session has not passed the second factor, and changes nothing', async () => {
    const before = await registryText();
    const user = await createUser(t.db, { isReleaseManager: true });
    // Signed in before a factor was set up: the session never passed one (docs/rules.md, Second factor).
    const api = as(t.app, await issueAccessToken(t.db, user.id));
    for (const [method, url, payload] of [['get', '/v1/admin/releases', undefined] as const, ...actions()]) {
      const res = await api[method](url, payload);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 'factor_setup_required']);
    }
    expect(await registryText()).toBe(before);
    expect((await api.get('/v1/account/security')).json()).toMatchObject({
      required: true,
      session_passed: false,
    });
  });

  it('shows every remote as `release status` does: current, previous, stored builds and error rates', async () => {
    const { api } = await releaseManager();
    await recordHealth(t.db, { remote: 'chat', version: v1, kind: 'load', session: 's1', network: '10.0.1' });
    await recordHealth(t.db, {
      remote: 'chat',
      version: v1,
      kind: 'render_crash',
      session: 's2',
      network: '10.0.2',
    });
    const res = await api.get('/v1/admin/releases');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.remotes.map((r: { remote: string }) => r.remote)).toEqual([
      'chat',
      'discover',
      'account',
      'payouts',
    ]);
    expect(body.remotes[0]).toMatchObject({
      remote: 'chat',
      current: v1,
      previous: null,
      canary: null,
      stored: [{ version: v2 }],
      health: [{ version: v1, sessions: 2, failed: 1, rate: 0.5 }],
    });
    expect(body.changes[0]).toMatchObject({ action: 'rollback', remote: 'chat', from: v2, to: v1 });

    // The CLI reads the same registry.
    const cli = captureIo();
    const code = await inDirectory(root, () =>
      main(['status', '--json', '--data-dir', t.config.dataDir], cli.io),
    );
    expect(code).toBe(0);
    const printed = JSON.parse(cli.out.join('\n'));
    expect(printed[0]).toMatchObject({
      remote: 'chat',
      current: v1,
      previous: null,
      stored: [{ version: v2 }],
    });
  });

  it('publishes a stored build and rolls back, as the CLI would, naming the person and the reason', async () => {
    const { user, api } = await releaseManager();
    const published = await api.post('/v1/admin/releases/chat/publish', {
      version: v2,
      reason: 'ship the fix',
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({
      remote: 'chat',
      action: 'publish',
      from: v1,
      to: v2,
      percent: null,
      changed: true,
    });
    expect((await chat()).current).toBe(v2);
    expect(await lastAudit()).toMatchObject({
      action: 'publish',
      by: `web:${user.email}`,
      reason: 'ship the fix',
    });

    const back = await api.post('/v1/admin/releases/chat/rollback', { reason: 'the fix broke search' });
    expect(back.json()).toMatchObject({ action: 'rollback', from: v2, to: v1, changed: true });
    expect((await chat()).current).toBe(v1);
    const again = await api.post('/v1/admin/releases/chat/rollback', { to: v2, reason: 'forward again' });
    expect(again.json()).toMatchObject({ action: 'rollback', from: v1, to: v2 });
    await api.post('/v1/admin/releases/chat/rollback', { to: v1, reason: 'and back' });

    const cli = captureIo();
    await inDirectory(root, () => main(['status', '--data-dir', t.config.dataDir], cli.io));
    expect(cli.out.join('\n')).toContain(`by web:${user.email}: and back`);
  });

  it('starts a canary with a share, promotes it, and ends one with a rollback', async () => {
    const { api } = await releaseManager();
    const started = await api.post('/v1/admin/releases/chat/canary', {
      version: v2,
      percent: 25,
      reason: 'try it',
    });
    expect(started.json()).toMatchObject({ action: 'canary', from: v1, to: v2, percent: 25, changed: true });
    const shown = (await api.get('/v1/admin/releases')).json();
    expect(shown.remotes[0]).toMatchObject({ current: v1, canary: { version: v2, percent: 25 }, stored: [] });

    const ended = await api.post('/v1/admin/releases/chat/rollback', { reason: 'errors in the canary' });
    expect(ended.json()).toMatchObject({ action: 'canary-end', from: v2, to: v1, percent: null });
    expect((await chat()).canary ?? null).toBeNull();

    await api.post('/v1/admin/releases/chat/canary', { version: v2, percent: 50, reason: 'second try' });
    const promoted = await api.post('/v1/admin/releases/chat/promote', { reason: 'healthy for a day' });
    expect(promoted.json()).toMatchObject({ action: 'promote', from: v1, to: v2, percent: null });
    expect(await chat()).toMatchObject({ current: v2 });
    await api.post('/v1/admin/releases/chat/rollback', { reason: 'back to v1 for the next test' });
    expect((await chat()).current).toBe(v1);
  });

  it('tells release managers of every change at once, from the page or the CLI, and no one else', async () => {
    const manager = await releaseManager();
    const fan = await signedInUser(t.db);
    const page = openSocket(wsBase(t.app), manager.token);
    await page.until((m) => m.type === 'init');
    const before = await releaseEvents(manager.user.id);

    const cli = captureIo();
    const code = await inDirectory(root, () =>
      main(
        ['rollback', 'chat', '--to', v2, '--reason', 'from the terminal', '--data-dir', t.config.dataDir],
        cli.io,
      ),
    );
    expect(code).toBe(0);
    await page.until(() => heard(page, 'releases_updated') === 1);

    await manager.api.post('/v1/admin/releases/chat/rollback', { to: v1, reason: 'back from the page' });
    await page.until(() => heard(page, 'releases_updated') === 2);
    expect(await releaseEvents(manager.user.id)).toBe(before + 2);
    expect(await releaseEvents(fan.user.id)).toBe(0);
    page.ws.close();
  });

  it('requires a reason and a valid request, changing nothing otherwise', async () => {
    const { api } = await releaseManager();
    const before = await registryText();
    for (const [, url, payload] of actions()) {
      const { reason: _reason, ...without } = payload;
      for (const body of [without, { ...payload, reason: '   ' }]) {
        const res = await api.post(url, body);
        expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'validation']);
      }
    }
    const percent = await api.post('/v1/admin/releases/chat/canary', {
      version: v2,
      percent: 100,
      reason: 'all',
    });
    expect(percent.statusCode).toBe(400);
    const remote = await api.post('/v1/admin/releases/shell/rollback', { reason: 'no such remote' });
    expect(remote.statusCode).toBe(400);
    expect(await registryText()).toBe(before);
  });

  it('refuses with the checks’ own words: the current version, unknown versions, the budget, the smoke test', async () => {
    const { api } = await releaseManager();
    const before = await registryText();
    const refused = async (url: string, payload: object) => {
      const res = await api.post(url, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('release_refused');
      return res.json().message as string;
    };
    const publish = '/v1/admin/releases/chat/publish';
    expect(await refused(publish, { version: v1, reason: 'again' })).toBe(`chat already runs ${v1}.`);
    expect(await refused(publish, { version: '20200101T000000Z-deadbeef', reason: 'old' })).toMatch(
      /^chat has no stored version 20200101T000000Z-deadbeef/,
    );
    expect(await refused('/v1/admin/releases/chat/promote', { reason: 'none' })).toBe(
      'chat has no canary to promote.',
    );

    await budget(root, 'chat', 1);
    try {
      expect(await refused(publish, { version: v2, reason: 'too big' })).toMatch(/over its budget of 1 KB/);
    } finally {
      await budget(root, 'chat', 100);
    }
    smokeFails = true;
    try {
      expect(
        await refused('/v1/admin/releases/chat/canary', { version: v2, percent: 5, reason: 'smoke' }),
      ).toBe('chat did not render its root route');
    } finally {
      smokeFails = false;
    }
    expect(await registryText()).toBe(before);
  });

  it('grants the role only through the admin CLI, recorded with the others', async () => {
    const { user, token } = await signedInUser(t.db, { isStaff: true });
    const api = as(t.app, token);
    expect((await api.get('/v1/users/me')).json()).toMatchObject({ is_release_manager: false });
    expect((await api.get('/v1/admin/releases')).statusCode).toBe(403);
    const notifier = { notify: async () => {}, disconnectUser: async () => {} };
    const message = await runAdminCommand(t.db, notifier, {
      actor: 'ops',
      command: 'grant-release-manager',
      email: user.email,
      args: [],
    });
    expect(message).toBe(`${user.email} is now a release manager.`);
    expect((await api.get('/v1/users/me')).json()).toMatchObject({ is_release_manager: true });
    expect((await api.get('/v1/admin/releases')).statusCode).toBe(200);
    const logged = await t.db.select().from(adminActions).where(eq(adminActions.targetUserId, user.id));
    expect(logged.map((a) => [a.actor, a.command])).toEqual([['ops', 'grant-release-manager']]);

    await runAdminCommand(t.db, notifier, {
      actor: 'ops',
      command: 'revoke-release-manager',
      email: user.email,
      args: [],
    });
    expect((await api.get('/v1/admin/releases')).statusCode).toBe(403);
  });
});
