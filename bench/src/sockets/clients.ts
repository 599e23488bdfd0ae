import { WebSocket } from 'ws';

/** What the benchmark asks of this process: open these sockets, or close them all and exit. */
type Order = { open: string[]; waitFor: 'open' | 'init' } | { close: true };

const IN_FLIGHT = 100;
const sockets: WebSocket[] = [];

/** Opens one socket; resolves once it is open, or once the server's first message arrived. */
function connect(url: string, waitFor: 'open' | 'init'): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    ws.once('error', reject);
    ws.once('close', (code, reason) => reject(new Error(`closed with ${code} ${reason.toString()}`)));
    if (waitFor === 'open') ws.once('open', () => resolve());
    else ws.once('message', () => resolve());
  });
}

/**
 * The clients of the socket memory benchmark, in a process of their own so that the server's
 * process measures only its side of each connection.
 */
process.on('message', (order: Order) => {
  if ('close' in order) {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
  const urls = [...order.open];
  const worker = async () => {
    for (let url = urls.pop(); url !== undefined; url = urls.pop()) await connect(url, order.waitFor);
  };
  Promise.all(Array.from({ length: IN_FLIGHT }, worker)).then(
    () => process.send?.({ opened: sockets.length }),
    (err: unknown) => process.send?.({ failed: String(err) }),
  );
});
