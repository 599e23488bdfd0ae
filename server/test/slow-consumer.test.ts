import { closeCodes } from '@cove/contracts';
import type { WebSocket } from 'ws';
import { eventually, openSocket, type TestSocket, wsBase } from './helpers/socket';
import { createTestApp, type TestApp } from './helpers/test-app';
import { signedInUser } from './helpers/users';

const highWaterBytes = 64 * 1024;
const hardLimitBytes = 512 * 1024;
/** Each event carries this much, so a few hundred outgrow what the kernel's socket buffers absorb. */
const EVENT_BYTES = 32 * 1024;
const EVENTS = 400;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realtime: { highWaterBytes, hardLimitBytes } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

/** A user with a long backlog of large events. */
async function backlogged() {
  const { user, token } = await signedInUser(t.db);
  for (let i = 0; i < EVENTS; i++)
    await t.app.realtime.emit(user.id, { type: 'chat_updated', chat_id: `${i}:`.padEnd(EVENT_BYTES, 'x') });
  return { user, token };
}

/** A client that stops reading as soon as it is connected, so the server's replay backs up. */
async function stalledClient(token: string, since = 0): Promise<TestSocket> {
  const s = openSocket(wsBase(t.app), token, since);
  await s.opened;
  s.ws.pause();
  return s;
}

/** The server's end of the only socket open. */
function serverSocket(): WebSocket {
  const [socket, ...others] = [...t.app.websocketServer.clients];
  if (!socket || others.length > 0) throw new Error('expected exactly one open socket');
  return socket;
}

const seqs = (s: TestSocket) => s.seen.flatMap((m) => (m.seq === undefined ? [] : [m.seq]));

describe('a socket that does not read', () => {
  it('holds the replay at the high-water mark, and resumes when the reader drains it', async () => {
    const { token } = await backlogged();
    const s = await stalledClient(token);
    const server = serverSocket();

    await eventually(() => server.bufferedAmount > highWaterBytes);
    // Unbounded, the whole backlog past what the kernel holds would sit in the server's memory.
    expect(server.bufferedAmount).toBeLessThan(highWaterBytes + 2 * EVENT_BYTES);

    s.ws.resume();
    await s.until((m) => m.seq === EVENTS);
    expect(seqs(s)).toEqual(Array.from({ length: EVENTS }, (_, i) => i + 1));
    s.ws.close();
    await s.closed;
  });

  it('is closed with a code the client reconnects from once it is over the hard limit, and resumes', async () => {
    const { user, token } = await backlogged();
    const s = await stalledClient(token);
    const server = serverSocket();
    await eventually(() => server.bufferedAmount > highWaterBytes);

    // Typing and presence are not held back: enough of them pass the hard limit.
    const typing = {
      type: 'typing_start' as const,
      chat_id: 'c'.padEnd(EVENT_BYTES, 'x'),
      sender_id: user.id,
    };
    while (server.readyState === server.OPEN) {
      const before = server.bufferedAmount;
      await t.app.realtime.sendEphemeral([user.id], typing);
      await eventually(() => server.bufferedAmount > before || server.readyState !== server.OPEN);
    }

    s.ws.resume();
    expect(await s.closed).toBe(closeCodes.slowConsumer);
    const applied = seqs(s);
    expect(applied).toEqual(Array.from({ length: applied.length }, (_, i) => i + 1));
    expect(applied.length).toBeLessThan(EVENTS);

    const again = openSocket(wsBase(t.app), token, applied.at(-1));
    await again.until((m) => m.seq === EVENTS);
    expect(seqs(again)).toEqual(
      Array.from({ length: EVENTS - applied.length }, (_, i) => applied.length + i + 1),
    );
    again.ws.close();
  });
});
