import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { ms, summarise } from './stats';
import type { Cove } from './system';

const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/** Sends `count` messages at `rate` per second and records send-to-receive latency per message. */
async function paced(
  count: number,
  rate: number,
  send: (i: number) => void,
  received: Map<number, bigint>,
): Promise<number[]> {
  const sentAt = new Map<number, bigint>();
  const gap = 1000 / rate;
  const start = Date.now();
  for (let i = 0; i < count; i++) {
    const due = start + i * gap;
    if (due > Date.now()) await sleep(due - Date.now());
    sentAt.set(i, process.hrtime.bigint());
    send(i);
  }
  const deadline = Date.now() + 15_000;
  while (received.size < count && Date.now() < deadline) await sleep(20);
  return [...sentAt].flatMap(([i, t]) => {
    const r = received.get(i);
    return r ? [Number(r - t) / 1e6] : [];
  });
}

/** Baseline: a bare `ws` server relaying each message from one client to another. */
export async function rawRelay(count: number, rate: number) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => server.once('listening', r));
  const clients: WebSocket[] = [];
  server.on('connection', (ws) => {
    clients.push(ws);
    ws.on('message', (data) => clients.find((c) => c !== ws)?.send(data));
  });
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const a = new WebSocket(url);
  const b = new WebSocket(url);
  await Promise.all([a, b].map((s) => new Promise((r) => s.once('open', r))));
  const received = new Map<number, bigint>();
  b.on('message', (raw) => received.set(Number(raw.toString()), process.hrtime.bigint()));
  const lat = await paced(count, rate, (i) => a.send(String(i)), received);
  a.close();
  b.close();
  server.close();
  return summarise(lat);
}

/** Cove: a fan POSTs a message; the creator's socket receives new_message. */
export async function coveDelivery(cove: Cove, count: number, rate: number) {
  const fan = await cove.user('user', count * 2);
  const creator = await cove.user('featured');
  const base = `http://127.0.0.1:${cove.port}`;
  await fetch(`${base}/v1/chat`, {
    method: 'POST',
    headers: { 'access-token': fan.token, 'content-type': 'application/json' },
    body: JSON.stringify({ recipient_id: creator.row.id }),
  });
  const ws = new WebSocket(`ws://127.0.0.1:${cove.port}/ws?token=${creator.token}`);
  await new Promise((r) => ws.once('open', r));
  const received = new Map<number, bigint>();
  ws.on('message', (raw) => {
    const msg = JSON.parse(raw.toString()) as { type: string; message?: { text: string } };
    if (msg.type === 'new_message' && msg.message)
      received.set(Number(msg.message.text), process.hrtime.bigint());
  });
  const errors: number[] = [];
  const send = (i: number) =>
    void fetch(`${base}/v1/messages`, {
      method: 'POST',
      headers: { 'access-token': fan.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'text',
        recipient_id: creator.row.id,
        text: String(i),
        send_id: `bench-${rate}-${i}`,
      }),
    }).then((r) => r.ok || errors.push(r.status));
  const start = process.hrtime.bigint();
  const lat = await paced(count, rate, send, received);
  ws.close();
  return { ...summarise(lat), failed: errors.length, seconds: ms(start) / 1000 };
}
