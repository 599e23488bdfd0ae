import { WebSocket } from 'ws';
import { appForFile } from './helpers/file-app';
import { wsBase } from './helpers/socket';
import { signedInUser } from './helpers/users';

const t = appForFile();
let base: string;
beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = wsBase(t.app);
});

// Hundreds of reconnects take ~5 s alone but several times that on a loaded machine; the test is
// about what arrives, not how fast, so it is not cut short there.
const RESUME_TEST_TIMEOUT_MS = 180_000;

interface Seen {
  seq: number;
  amount: number;
}

/**
 * A client that applies logged events strictly in order and counts anything else as a defect: a gap
 * (lost), a seq at or below the last applied (duplicate). It drops its own socket after a few
 * messages, again and again, and reconnects with `since` = the last seq applied.
 */
function flakyClient(token: string, total: number, drops: { count: number }) {
  const applied: Seen[] = [];
  const defects: string[] = [];
  let last = 0;
  return new Promise<{ applied: Seen[]; defects: string[] }>((resolve) => {
    const open = () => {
      const ws = new WebSocket(`${base}/ws?token=${token}&since=${last}`);
      let budget = 1 + Math.floor(Math.random() * 8);
      let dropped = false;
      ws.on('message', (raw) => {
        // Whatever arrives after the drop is lost in transit, as on a real network.
        if (dropped) return;
        const msg = JSON.parse(raw.toString()) as { type: string; seq?: number; amount?: number };
        if (msg.seq === undefined) return;
        if (msg.seq <= last) defects.push(`duplicate ${msg.seq} after ${last}`);
        else if (msg.seq !== last + 1) defects.push(`gap: ${msg.seq} after ${last}`);
        else {
          applied.push({ seq: msg.seq, amount: msg.amount ?? -1 });
          last = msg.seq;
        }
        if (last === total) {
          ws.close();
          resolve({ applied, defects });
        } else if (--budget === 0) {
          dropped = true;
          drops.count++;
          ws.terminate();
        }
      });
      ws.on('close', () => {
        if (last < total) setImmediate(open);
      });
      ws.on('error', () => undefined);
    };
    open();
  });
}

describe('realtime delivery across reconnects', () => {
  it(
    'loses, duplicates and reorders nothing while the socket is dropped hundreds of times',
    async () => {
      const total = 1200;
      const { user, token } = await signedInUser(t.db);
      const drops = { count: 0 };
      const received = flakyClient(token, total, drops);

      // Events keep flowing from several concurrent producers while the client flaps.
      const producers = 4;
      let next = 0;
      await Promise.all(
        Array.from({ length: producers }, async () => {
          while (next < total) {
            const amount = next++;
            await t.app.realtime.emit(user.id, { type: 'credits_update', credits: amount, amount });
          }
        }),
      );
      const { applied, defects } = await received;

      expect(defects).toEqual([]);
      expect(drops.count).toBeGreaterThanOrEqual(200);
      expect(applied.map((a) => a.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      expect(new Set(applied.map((a) => a.amount)).size).toBe(total);
    },
    RESUME_TEST_TIMEOUT_MS,
  );

  it('replays what a client missed while it was away, then continues live', async () => {
    const { user, token } = await signedInUser(t.db);
    for (let i = 0; i < 3; i++)
      await t.app.realtime.emit(user.id, { type: 'credits_update', credits: i, amount: i });
    const ws = new WebSocket(`${base}/ws?token=${token}&since=1`);
    const got: { type: string; seq?: number }[] = [];
    const waiters = new Map<number, () => void>();
    ws.on('message', (raw) => {
      got.push(JSON.parse(raw.toString()));
      waiters.get(got.length)?.();
    });
    const received = (n: number) => new Promise<void>((resolve) => waiters.set(n, resolve));
    await received(3);
    await t.app.realtime.emit(user.id, { type: 'approved' });
    await received(4);
    ws.close();
    expect(got.map((m) => [m.type, m.seq])).toEqual([
      ['init', undefined],
      ['credits_update', 2],
      ['credits_update', 3],
      ['approved', 4],
    ]);
  });
});
