import { Agent, request } from 'node:http';

interface Order {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

/** One GET on a kept-alive connection; resolves with the status once the body has been read. */
function get(url: string, headers: Record<string, string>, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', reject);
    req.end();
  });
}

/**
 * The HTTP load of the users/me benchmark, in a process of its own so that the server's process
 * spends its CPU only on serving: `connections` loops, each sending its next GET as soon as the last
 * answered, for `seconds`; reports how many answered 200 and how many did not.
 */
process.once('message', (order: Order) => {
  const agent = new Agent({ keepAlive: true, maxSockets: order.connections });
  const until = Date.now() + order.seconds * 1000;
  let ok = 0;
  let failed = 0;
  const loop = async () => {
    while (Date.now() < until) {
      if ((await get(order.url, order.headers, agent)) === 200) ok += 1;
      else failed += 1;
    }
  };
  void Promise.all(Array.from({ length: order.connections }, loop)).then(() => {
    process.send?.({ ok, failed });
    agent.destroy();
    process.exit(0);
  });
});
