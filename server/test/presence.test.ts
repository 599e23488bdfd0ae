import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { users } from '../src/db/schema';
import { appForFile } from './helpers/file-app';
import { wsBase } from './helpers/socket';
import { fanAndCreator } from './helpers/chats';
import { signedInUser } from './helpers/users';

const t = appForFile();
let base: string;
beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = wsBase(t.app);
});

function open(token: string) {
  const ws = new WebSocket(`${base}/ws?token=${token}`);
  const seen: { type: string; user_id?: string; last_online?: string }[] = [];
  const waiters: [(m: (typeof seen)[number]) => boolean, () => void][] = [];
  ws.on('message', (raw) => {
    const msg = JSON.parse(raw.toString());
    seen.push(msg);
    for (const [match, resolve] of waiters) if (match(msg)) resolve();
  });
  const until = (type: string) =>
    seen.some((m) => m.type === type)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push([(m) => m.type === type, resolve]));
  return { ws, seen, until, ready: until('init') };
}

describe('presence', () => {
  it('tells watchers when a user comes online, hides the tab, and leaves', async () => {
    const watcher = await signedInUser(t.db);
    const subject = await signedInUser(t.db);
    const partners = t.app.realtime.watchers;
    t.app.realtime.watchers = async (id) => (id === subject.user.id ? [watcher.user.id] : []);

    const w = open(watcher.token);
    await w.ready;
    const s = open(subject.token);
    await w.until('user_online');
    expect(w.seen.find((m) => m.type === 'user_online')?.user_id).toBe(subject.user.id);
    expect(await t.app.realtime.isOnline(subject.user.id)).toBe(true);

    await s.ready;
    s.ws.send(JSON.stringify({ type: 'visibility', state: 'hidden' }));
    await w.until('user_offline');
    expect(await t.app.realtime.isOnline(subject.user.id)).toBe(false);
    const offline = w.seen.find((m) => m.type === 'user_offline');
    const [row] = await t.db.select().from(users).where(eq(users.id, subject.user.id));
    expect(offline?.last_online).toBe(row?.lastOnline?.toISOString());

    s.ws.close();
    w.ws.close();
    t.app.realtime.watchers = partners;
  });
});

describe('presence between chat partners', () => {
  it('tells a fan when the creator they chat with comes online', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 10 });
    const f = open(fan.token);
    await f.ready;
    const c = open(creator.token);
    await f.until('user_online');
    expect(f.seen.find((m) => m.type === 'user_online')?.user_id).toBe(creator.user.id);
    c.ws.close();
    await f.until('user_offline');
    f.ws.close();
  });
});
