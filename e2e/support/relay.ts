import { connect, createServer, type Socket } from 'node:net';

/** A TCP port held from the start, whose connections are passed through to a port known later. */
export interface Relay {
  readonly port: number;
  /** Where connections go from now on. */
  target(port: number): void;
  close(): Promise<void>;
}

/**
 * Opens a relay on a port the OS picks. The server's public address (in its mail links, its upload and
 * payment origin checks) must be known before it starts, while its own port is only known once it
 * listens; the relay's port is that address, held by this process throughout, so no other process can
 * take it between picking and binding. Bytes pass through unchanged (HTTP, WebSocket alike).
 */
export async function openRelay(): Promise<Relay> {
  let targetPort = 0;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const server = createServer({ allowHalfOpen: true }, (client) => {
    const upstream = connect({ port: targetPort, host: '127.0.0.1', allowHalfOpen: true });
    track(client);
    track(upstream);
    // Either side failing ends both, as a direct connection would end.
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the relay has no port');
  return {
    port: address.port,
    target: (port) => (targetPort = port),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
