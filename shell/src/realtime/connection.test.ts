import { createBus } from '@cove/runtime/shell';
import { createRealtime, realtimeTimings } from './connection';
import { FakeSocket } from './fake-socket';

const at = '2026-01-01T00:00:00.000Z';

function setup() {
  FakeSocket.instances = [];
  const bus = createBus();
  const onRefused = jest.fn();
  const onFresh = jest.fn();
  const onProtocolMismatch = jest.fn();
  const realtime = createRealtime({
    bus,
    token: () => 'tok',
    onRefused,
    onFresh,
    onProtocolMismatch,
    origin: 'ws://cove.test',
    WebSocket: FakeSocket as unknown as typeof WebSocket,
  });
  const received: unknown[] = [];
  bus.server$.subscribe((e) => received.push(e));
  const connection: string[] = [];
  bus.connection$.subscribe((c) => connection.push(c));
  return { bus, realtime, onRefused, onFresh, onProtocolMismatch, received, connection };
}

/** Lets the library's promise chain and any due timers run. */
const tick = (ms = 0) => jest.advanceTimersByTimeAsync(ms);

async function connected(init = { user_id: 'u-1', last_seq: 0 }) {
  await tick();
  const socket = FakeSocket.latest();
  socket.open();
  socket.receive({ type: 'init', ...init });
  return socket;
}

/** A page that had read up to 40, its socket dropped: the socket that tries again a second later. */
async function reconnectingAt40() {
  const s = setup();
  s.realtime.start();
  (await connected({ user_id: 'u-1', last_seq: 40 })).drop();
  await tick(1000);
  return { ...s, socket: FakeSocket.latest() };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('realtime connection', () => {
  it('connects with the token and no since, says it is visible, and hands events to typed streams', async () => {
    const { realtime, bus, onFresh } = setup();
    const approved: unknown[] = [];
    bus.on('approved').subscribe((e) => approved.push(e));
    realtime.start();
    const socket = await connected({ user_id: 'u-1', last_seq: 7 });
    expect(socket.query.get('token')).toBe('tok');
    expect(socket.query.has('since')).toBe(false);
    expect(socket.sent).toContainEqual({ type: 'visibility', state: 'visible' });
    expect(onFresh).toHaveBeenCalledTimes(1);

    socket.receive({ type: 'approved', seq: 8, created_at: at });
    socket.receive({ type: 'user_online', user_id: 'u-2' });
    expect(approved).toEqual([{ type: 'approved', seq: 8, created_at: at }]);
  });

  it('drops events it already applied and resumes from the last one after attempt × 1 s', async () => {
    const { realtime, received, onFresh } = setup();
    realtime.start();
    let socket = await connected({ user_id: 'u-1', last_seq: 2 });
    socket.receive({ type: 'credits_update', credits: 10, amount: 10, seq: 3, created_at: at });
    socket.receive({ type: 'credits_update', credits: 10, amount: 10, seq: 3, created_at: at });
    socket.receive({ type: 'credits_update', credits: 5, amount: -5, seq: 2, created_at: at });
    expect(received).toHaveLength(1);

    socket.drop();
    await tick(999);
    expect(FakeSocket.instances).toHaveLength(1);
    await tick(1);
    socket = FakeSocket.latest();
    expect(FakeSocket.instances).toHaveLength(2);
    expect(socket.query.get('since')).toBe('3');

    // The second failure in a row waits 2 s.
    socket.drop();
    await tick(1999);
    expect(FakeSocket.instances).toHaveLength(2);
    await tick(1);
    socket = FakeSocket.latest();
    socket.open();
    socket.receive({ type: 'init', user_id: 'u-1', last_seq: 4 });
    socket.receive({ type: 'frozen', frozen: true, seq: 3, created_at: at });
    socket.receive({ type: 'frozen', frozen: true, seq: 4, created_at: at });
    expect(received).toHaveLength(2);
    expect(onFresh).toHaveBeenCalledTimes(1);
  });

  it('starts over when the server’s log is behind the page (another user)', async () => {
    const { received, onFresh, socket } = await reconnectingAt40();
    expect(socket.query.get('since')).toBe('40');
    socket.open();
    socket.receive({ type: 'init', user_id: 'u-1', last_seq: 3 });
    expect(onFresh).toHaveBeenCalledTimes(2);
    socket.receive({ type: 'approved', seq: 4, created_at: at });
    expect(received).toEqual([{ type: 'approved', seq: 4, created_at: at }]);
  });

  it('starts over from the server’s present when its log no longer keeps what followed the page', async () => {
    const { received, onFresh, socket } = await reconnectingAt40();
    socket.open();
    socket.receive({ type: 'init', user_id: 'u-1', last_seq: 20_000, fresh: true });
    expect(onFresh).toHaveBeenCalledTimes(2);
    socket.receive({ type: 'approved', seq: 20_001, created_at: at });
    expect(received).toEqual([{ type: 'approved', seq: 20_001, created_at: at }]);
    expect(socket.closedWith).toBeNull();
  });

  it('resumes from the last applied event when one goes missing', async () => {
    const { realtime, received } = setup();
    realtime.start();
    const socket = await connected({ user_id: 'u-1', last_seq: 1 });
    socket.receive({ type: 'reported', seq: 3, created_at: at });
    expect(received).toEqual([]);
    expect(socket.closedWith).toBe(4000);
    await tick(1000);
    expect(FakeSocket.latest().query.get('since')).toBe('1');
  });

  it('pings every 30 s and force-closes when the pong is 2 s late', async () => {
    const { realtime } = setup();
    realtime.start();
    const socket = await connected();
    await tick(realtimeTimings.pingEveryMs);
    expect(socket.sent).toContainEqual({ type: 'ping' });
    socket.receive({ type: 'pong' });
    await tick(realtimeTimings.pongTimeoutMs);
    expect(socket.closedWith).toBeNull();

    await tick(realtimeTimings.pingEveryMs - realtimeTimings.pongTimeoutMs);
    await tick(realtimeTimings.pongTimeoutMs - 1);
    expect(socket.closedWith).toBeNull();
    await tick(1);
    expect(socket.closedWith).toBe(4000);
    // The library's own zero delay takes a tick of the fake clock before ours starts.
    await tick(1001);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('reports disconnected only after 5 s without a connection', async () => {
    const { realtime, connection } = setup();
    realtime.start();
    const socket = await connected();
    socket.drop();
    await tick(realtimeTimings.disconnectedAfterMs - 1);
    expect(connection).toEqual(['connected']);
    await tick(1);
    expect(connection).toEqual(['connected', 'disconnected']);
    FakeSocket.latest().open();
    expect(connection).toEqual(['connected', 'disconnected', 'connected']);
  });

  it.each([
    [4401, 'unauthorized'],
    [4403, 'banned'],
  ])('stops for good on close code %i', async (code, reason) => {
    const { realtime, onRefused } = setup();
    realtime.start();
    const socket = await connected();
    socket.drop(code);
    expect(onRefused).toHaveBeenCalledWith(reason);
    expect(realtime.running).toBe(false);
    await tick(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('sends typing through the bus only while open, and closes on stop', async () => {
    const { realtime, bus } = setup();
    expect(bus.send({ type: 'typing_start', chat_id: 'c-1' })).toBe(false);
    realtime.start();
    const socket = await connected();
    expect(bus.send({ type: 'typing_start', chat_id: 'c-1' })).toBe(true);
    expect(socket.sent).toContainEqual({ type: 'typing_start', chat_id: 'c-1' });
    realtime.stop();
    expect(socket.closedWith).toBe(1000);
    expect(bus.send({ type: 'typing_stop', chat_id: 'c-1' })).toBe(false);
  });

  it('closes for good, applying nothing, when the server speaks another realtime protocol', async () => {
    const { realtime, onProtocolMismatch, onFresh, received } = setup();
    realtime.start();
    await tick();
    const socket = FakeSocket.latest();
    socket.open();
    socket.receive({ type: 'init', user_id: 'u-1', last_seq: 0, protocol: 2 });
    socket.receive({ type: 'approved', seq: 1, created_at: at });
    expect(onProtocolMismatch).toHaveBeenCalledWith(2);
    expect(onFresh).not.toHaveBeenCalled();
    expect(received).toEqual([]);
    expect(realtime.running).toBe(false);
    expect(socket.closedWith).toBe(1000);
    await tick(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
