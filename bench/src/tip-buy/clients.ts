import { Agent } from 'node:http';
import { postJson } from '../post-json';
import { ms, summarise } from '../stats';

/** One request of the run: who asks what. */
export interface Call {
  path: string;
  token: string;
  body: unknown;
}

/** A run the benchmark asks of this process (see measure.ts). */
export type Order =
  | { kind: 'run'; base: string; method: 'POST' | 'PATCH'; calls: Call[]; connections: number }
  | { kind: 'exit' };

/**
 * `connections` loops over kept-alive connections, each sending the next call of the list as soon as
 * its last one answered (closed loop), until the list is done: calls per second and each answer's time.
 */
async function run(order: Extract<Order, { kind: 'run' }>) {
  const agent = new Agent({ keepAlive: true, maxSockets: order.connections });
  const latency: number[] = [];
  const failures = new Map<string, number>();
  let next = 0;
  const start = process.hrtime.bigint();
  const loop = async () => {
    while (next < order.calls.length) {
      const call = order.calls[next++];
      if (!call) return;
      const at = process.hrtime.bigint();
      const status = await postJson(agent, order.base, call.path, call.token, call.body, order.method).catch(
        (err: unknown) => (err instanceof Error ? err.message : String(err)),
      );
      if (status === 200) latency.push(ms(at));
      else failures.set(String(status), (failures.get(String(status)) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: order.connections }, loop));
  const seconds = ms(start) / 1000;
  agent.destroy();
  return {
    ok: latency.length,
    failures: Object.fromEntries(failures),
    per_s: latency.length / seconds,
    ...summarise(latency),
  };
}

export type RunResult = Awaited<ReturnType<typeof run>>;

/**
 * The clients of the tip and buy benchmark, in a process of their own: the server's event loop serves
 * requests only, and the client's work is not counted against it.
 */
process.on('message', (order: Order) => {
  if (order.kind === 'exit') process.exit(0);
  run(order).then(
    (result) => process.send?.({ result }),
    (err: unknown) => process.send?.({ failed: String(err) }),
  );
});
