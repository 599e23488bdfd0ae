import { WebSocket } from 'ws';
import { openSocket, wsBase } from './helpers/socket';
import { createTestApp, type TestApp } from './helpers/test-app';
import { signedInUser } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realtime: { pingMs: 150, beatMs: 60_000 } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

describe('a peer that vanishes without closing', () => {
  it('is dropped after two unanswered pings, and its watchers hear it went offline', async () => {
    const watcher = await signedInUser(t.db);
    const subject = await signedInUser(t.db);
    t.app.realtime.watchers = async (id) => (id === subject.user.id ? [watcher.user.id] : []);
    const w = openSocket(wsBase(t.app), watcher.token);
    await w.until((m) => m.type === 'init');

    // A browser killed mid-session: its socket stays open but never answers a ping again.
    const silent = new WebSocket(`${wsBase(t.app)}/ws?token=${subject.token}`, { autoPong: false });
    silent.on('error', () => undefined);
    await w.until((m) => m.type === 'user_online' && m.user_id === subject.user.id);
    const since = Date.now();

    await w.until((m) => m.type === 'user_offline' && m.user_id === subject.user.id);
    // Two ping periods (and a little for the close and the record); the 60 s beat plays no part.
    expect(Date.now() - since).toBeLessThan(2_000);
    expect(await t.app.realtime.isOnline(subject.user.id)).toBe(false);
    silent.terminate();
    w.ws.close();
  });
});
