import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { WebSocketServer } from 'ws';
import { ClientProcess } from '../client-process';
import { ms, round } from '../stats';
import type { Cove } from '../system';
import type { CoveRun, Order, RelayRun } from './clients';

export interface LoadSize {
  fans: number;
  creators: number;
  rates: number[];
  seconds: number;
}

/** The baseline relay: a bare `ws` server passing each message from one client to the other. */
async function bareRelay() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => server.once('listening', r));
  server.on('connection', (ws) => {
    ws.send('hello');
    ws.on('message', (data) => {
      for (const c of server.clients) if (c !== ws) c.send(data);
    });
  });
  return { url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** Single-row INSERTs through `pg`, `concurrency` at a time: what the database alone can persist. */
async function rawInserts(
  cove: Cove,
  chat: { id: string; fan: string; creator: string },
  total: number,
  concurrency: number,
) {
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        await cove.db.execute(sql`insert into messages (chat_id, sender_id, recipient_id, type, text, send_id)
          values (${chat.id}, ${chat.fan}, ${chat.creator}, 'text', ${`raw ${i}`}, ${`raw-${i}`})`);
      }
    }),
  );
  return total / (ms(start) / 1000);
}

/**
 * Many fans sending to a few creators at offered rates, open loop. For each rate: persisted sends per
 * second, the HTTP answer's p50/p99, and send-to-creator-socket latency against a bare ws relay at
 * the same rate. The headline is the highest offered rate answered with p99 under 50 ms, against a
 * raw single-INSERT loop at the server's pool size.
 */
export async function sendLoad(cove: Cove, size: LoadSize) {
  const perFan =
    Math.ceil(
      ((size.rates.reduce((a, b) => a + b, 0) + 2 * (size.rates[0] ?? 100)) * size.seconds) / size.fans,
    ) + 10;
  const creators = await Promise.all(Array.from({ length: size.creators }, () => cove.user('featured')));
  const fans = [];
  for (let i = 0; i < size.fans; i++) {
    const fan = await cove.user('user', perFan);
    const creator = creators[i % creators.length];
    if (!creator) throw new Error('no creator');
    const chat = await cove.openChat(fan.token, creator.row.id);
    fans.push({ token: fan.token, recipient: creator.row.id, chat, id: fan.row.id });
  }
  // The clients' ends (clients.ts).
  const clients = new ClientProcess<Order>('send-clients.js');
  const relay = await bareRelay();
  const rows = [];
  const base = `http://127.0.0.1:${cove.port}`;
  const creatorTokens = creators.map((c) => c.token);
  try {
    // Not counted: the first seconds grow pools and compile the hot paths on both sides.
    const warm = size.rates[0] ?? 100;
    await clients.run<CoveRun>({
      kind: 'cove',
      base,
      creators: creatorTokens,
      fans,
      rate: warm,
      seconds: 2,
      tag: 'warm',
    });
    for (const rate of size.rates) {
      const ours = await clients.run<CoveRun>({
        kind: 'cove',
        base,
        creators: creatorTokens,
        fans,
        rate,
        seconds: size.seconds,
        tag: `r${rate}`,
      });
      const raw = await clients.run<RelayRun>({
        kind: 'relay',
        url: relay.url,
        rate,
        seconds: size.seconds,
      });
      rows.push({
        offered_per_s: rate,
        persisted_per_s: round(ours.persisted_per_s, 0),
        failed: ours.failed,
        ...(ours.failed > 0 ? { failures: JSON.stringify(ours.failures) } : {}),
        http_p50_ms: round(ours.http.p50),
        http_p99_ms: round(ours.http.p99),
        delivered: ours.delivery.n,
        delivery_p50_ms: round(ours.delivery.p50),
        delivery_p99_ms: round(ours.delivery.p99),
        relay_p99_ms: round(raw.p99),
        delivery_p99_vs_relay: round(ours.delivery.p99 / raw.p99, 1),
      });
    }
  } finally {
    clients.exit();
    relay.close();
  }
  const first = fans[0];
  if (!first) throw new Error('no fans');
  const raw = await rawInserts(cove, { id: first.chat, fan: first.id, creator: first.recipient }, 5_000, 20);
  const under50 = rows.filter((r) => r.http_p99_ms < 50 && r.failed === 0);
  const best = Math.max(0, ...under50.map((r) => r.persisted_per_s));
  return {
    fans: size.fans,
    creators: size.creators,
    rates: rows,
    persisted_per_s_at_p99_under_50ms: best,
    raw_insert_per_s: round(raw, 0),
    ratio_to_raw: round(best / raw, 2),
  };
}
