import { Agent } from 'node:http';
import { WebSocket } from 'ws';
import { postJson } from '../post-json';
import { ms, summarise } from '../stats';

/** One run the benchmark asks of this process (see load.ts). */
export type Order =
  | {
      kind: 'cove';
      base: string;
      /** Creators' access tokens: their sockets receive what the fans send. */
      creators: string[];
      fans: { token: string; recipient: string }[];
      rate: number;
      seconds: number;
      tag: string;
    }
  | { kind: 'relay'; url: string; rate: number; seconds: number }
  | { kind: 'exit' };

const agent = new Agent({ keepAlive: true, maxSockets: 2_000 });
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

const post = (base: string, path: string, token: string, body: unknown) =>
  postJson(agent, base, path, token, body);

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('error', reject);
    ws.once('message', () => resolve(ws));
  });
}

/** Calls `send(i)` for i = 0, 1, ... at `rate` per second for `seconds`, open loop (no waiting for answers). */
async function paced(rate: number, seconds: number, send: (i: number) => void): Promise<number> {
  const total = Math.round(rate * seconds);
  const start = process.hrtime.bigint();
  let next = 0;
  while (next < total) {
    const due = Math.min(total, Math.floor((ms(start) * rate) / 1000) + 1);
    while (next < due) send(next++);
    await sleep(1);
  }
  return total;
}

async function settle(done: () => boolean, limitMs = 20_000) {
  const deadline = Date.now() + limitMs;
  while (!done() && Date.now() < deadline) await sleep(20);
}

/** Fans POST messages to their creators at the offered rate; creators' sockets time each arrival. */
async function cove(order: Extract<Order, { kind: 'cove' }>) {
  const wsBase = order.base.replace(/^http/, 'ws');
  const sockets = await Promise.all(order.creators.map((t) => open(`${wsBase}/ws?token=${t}`)));
  const sentAt = new Map<number, bigint>();
  const http: number[] = [];
  const delivery: number[] = [];
  const prefix = `${order.tag}:`;
  for (const ws of sockets) {
    ws.on('message', (raw) => {
      const event = JSON.parse(raw.toString()) as { type: string; message?: { text: string } };
      const text = event.message?.text;
      if (event.type !== 'new_message' || !text?.startsWith(prefix)) return;
      const at = sentAt.get(Number(text.slice(prefix.length)));
      if (at !== undefined) delivery.push(ms(at));
    });
  }
  let answered = 0;
  const failures = new Map<string, number>();
  const failed = (why: string) => failures.set(why, (failures.get(why) ?? 0) + 1);
  const start = process.hrtime.bigint();
  let lastAnswer = start;
  const total = await paced(order.rate, order.seconds, (i) => {
    const fan = order.fans[i % order.fans.length];
    if (!fan) return;
    const at = process.hrtime.bigint();
    sentAt.set(i, at);
    const body = {
      type: 'text',
      recipient_id: fan.recipient,
      text: `${prefix}${i}`,
      send_id: `${prefix}${i}`,
    };
    post(order.base, '/v1/messages', fan.token, body)
      .then(
        (status) => {
          if (status === 200) http.push(ms(at));
          else failed(String(status));
        },
        (err: unknown) => failed(err instanceof Error ? err.message : String(err)),
      )
      .finally(() => {
        answered++;
        lastAnswer = process.hrtime.bigint();
      });
  });
  await settle(() => answered === total && delivery.length >= http.length);
  for (const ws of sockets) ws.terminate();
  return {
    sent: total,
    ok: http.length,
    failed: [...failures.values()].reduce((a, b) => a + b, 0),
    failures: Object.fromEntries(failures),
    persisted_per_s: http.length / (Number(lastAnswer - start) / 1e9),
    http: summarise(http),
    delivery: summarise(delivery),
  };
}

/** The baseline: a bare ws server relays each message from one client to another. */
async function relay(order: Extract<Order, { kind: 'relay' }>) {
  const [a, b] = await Promise.all([open(order.url), open(order.url)]);
  if (!a || !b) throw new Error('relay sockets did not open');
  const sentAt = new Map<number, bigint>();
  const latency: number[] = [];
  b.on('message', (raw) => {
    const at = sentAt.get(Number(raw.toString()));
    if (at !== undefined) latency.push(ms(at));
  });
  const total = await paced(order.rate, order.seconds, (i) => {
    sentAt.set(i, process.hrtime.bigint());
    a.send(String(i));
  });
  await settle(() => latency.length === total);
  a.terminate();
  b.terminate();
  return summarise(latency);
}

export type CoveRun = Awaited<ReturnType<typeof cove>>;
export type RelayRun = Awaited<ReturnType<typeof relay>>;

/**
 * The clients of the send benchmark, in a process of their own: the server's event loop serves
 * requests only, as it would in production, and the client's work is not counted against it.
 */
process.on('message', (order: Order) => {
  if (order.kind === 'exit') process.exit(0);
  const run = order.kind === 'cove' ? cove(order) : relay(order);
  run.then(
    (result) => process.send?.({ result }),
    (err: unknown) => process.send?.({ failed: String(err) }),
  );
});
