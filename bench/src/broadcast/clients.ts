import { Agent } from 'node:http';
import { WebSocket } from 'ws';
import { postJson } from '../post-json';
import { clock } from './clock';

/** What the broadcast benchmark asks of this process (measure.ts); each answer carries the order's id. */
export type Order = { id: number } & (
  | { kind: 'open'; urls: string[]; marker: string }
  | { kind: 'sends'; base: string; fans: { token: string; recipient: string }[]; rate: number; tag: string }
  | { kind: 'stop-sends' }
  | { kind: 'arrivals'; limitMs: number }
  | { kind: 'exit' }
);

/** One chat send: when it was posted (ms on the shared clock) and how long its answer took. */
export interface SendSample {
  at: number;
  ms: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 200 });
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const IN_FLIGHT = 50;

const post = (base: string, path: string, token: string, body: unknown) =>
  postJson(agent, base, path, token, body);

/** The fans' sockets: each records when the broadcast's message (its text is the marker) reached it. */
const arrivals: number[] = [];
const sockets: WebSocket[] = [];

function connect(url: string, marker: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    ws.once('error', reject);
    ws.once('message', () => resolve());
    ws.on('message', (raw) => {
      const event = JSON.parse(raw.toString()) as { type: string; message?: { text?: string } };
      if (event.type === 'new_message' && event.message?.text === marker) arrivals.push(clock());
    });
  });
}

async function open(order: Extract<Order, { kind: 'open' }>) {
  const urls = [...order.urls];
  const worker = async () => {
    for (let url = urls.pop(); url !== undefined; url = urls.pop()) await connect(url, order.marker);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return sockets.length;
}

let sending = false;

/** Other users' chat sends at `rate` per second, open loop, until told to stop; each answer timed. */
async function sends(order: Extract<Order, { kind: 'sends' }>) {
  sending = true;
  const samples: SendSample[] = [];
  let failed = 0;
  let pending = 0;
  const start = clock();
  for (let i = 0; sending;) {
    const due = Math.floor(((clock() - start) * order.rate) / 1000) + 1;
    for (; i < due; i++) {
      const fan = order.fans[i % order.fans.length];
      if (!fan) break;
      const at = clock();
      const text = `${order.tag}:${i}`;
      pending++;
      post(order.base, '/v1/messages', fan.token, {
        type: 'text',
        recipient_id: fan.recipient,
        text,
        send_id: text,
      })
        .then(
          (status) => (status === 200 ? samples.push({ at, ms: clock() - at }) : failed++),
          () => failed++,
        )
        .finally(() => pending--);
    }
    await sleep(1);
  }
  while (pending > 0) await sleep(5);
  return { samples, failed };
}

async function settledArrivals(limitMs: number) {
  const deadline = Date.now() + limitMs;
  while (arrivals.length < sockets.length && Date.now() < deadline) await sleep(20);
  return arrivals;
}

/**
 * The clients of the broadcast benchmark, in a process of their own: the fans' sockets and the
 * other users' sends load the server as real clients would, and their own work is not counted.
 */
process.on('message', (order: Order) => {
  const reply = (run: Promise<unknown>) =>
    run.then(
      (result) => process.send?.({ id: order.id, result }),
      (err: unknown) => process.send?.({ id: order.id, failed: String(err) }),
    );
  switch (order.kind) {
    case 'exit':
      for (const ws of sockets) ws.terminate();
      process.exit(0);
      break;
    case 'open':
      void reply(open(order));
      break;
    case 'sends':
      void reply(sends(order));
      break;
    case 'stop-sends':
      sending = false;
      void reply(Promise.resolve(null));
      break;
    case 'arrivals':
      void reply(settledArrivals(order.limitMs));
      break;
  }
});
