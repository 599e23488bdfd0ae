import { WebSocket } from 'ws';
import { closeCodes } from '@cove/contracts';
import { appForFile } from './helpers/file-app';
import { wsBase } from './helpers/socket';
import { signedInUser } from './helpers/users';

const t = appForFile();
let base: string;
beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = wsBase(t.app);
});

/** Opens a socket and queues every message from its first byte, so none is missed. */
async function connect(url: string) {
  const inbox: unknown[] = [];
  const waiters: ((m: unknown) => void)[] = [];
  const ws = new WebSocket(base + url);
  ws.on('message', (data) => {
    const msg: unknown = JSON.parse(data.toString());
    const waiter = waiters.shift();
    if (waiter) waiter(msg);
    else inbox.push(msg);
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const next = () =>
    inbox.length > 0 ? Promise.resolve(inbox.shift()) : new Promise((r) => waiters.push(r));
  return { ws, next };
}

describe('/ws', () => {
  it('closes a socket opened without a valid token', async () => {
    const { ws } = await connect('/ws?token=nope');
    const code = await new Promise<number>((resolve) => ws.once('close', (c) => resolve(c)));
    expect(code).toBe(closeCodes.unauthorized);
  });

  it('greets a signed-in user and answers pings', async () => {
    const { user, token } = await signedInUser(t.db);
    const { ws, next } = await connect(`/ws?token=${token}`);
    expect(await next()).toEqual({ type: 'init', user_id: user.id, last_seq: 0, protocol: 1 });
    ws.send(JSON.stringify({ type: 'ping' }));
    expect(await next()).toEqual({ type: 'pong' });
    ws.close();
    await new Promise((resolve) => ws.once('close', resolve));
  });
});
