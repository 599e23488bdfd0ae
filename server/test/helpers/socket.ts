import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

export interface Received {
  type: string;
  seq?: number;
  user_id?: string;
  fresh?: boolean;
  last_seq?: number;
}

export interface TestSocket {
  ws: WebSocket;
  /** Every message so far, in arrival order. */
  seen: Received[];
  /** Resolves once a message matching `match` has arrived (at once if one already has). */
  until(match: (m: Received) => boolean): Promise<Received>;
  opened: Promise<void>;
  closed: Promise<number>;
}

export const wsBase = (app: FastifyInstance) =>
  `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** A client on `/ws` that records every message from the first byte. */
export function openSocket(base: string, token: string, since?: number): TestSocket {
  const ws = new WebSocket(`${base}/ws?token=${token}${since === undefined ? '' : `&since=${since}`}`);
  const seen: Received[] = [];
  const waiters: [(m: Received) => boolean, (m: Received) => void][] = [];
  ws.on('message', (raw) => {
    const msg = JSON.parse(raw.toString()) as Received;
    seen.push(msg);
    for (const [match, resolve] of waiters) if (match(msg)) resolve(msg);
  });
  ws.on('error', () => undefined);
  const until = (match: (m: Received) => boolean) => {
    const found = seen.find(match);
    return found
      ? Promise.resolve(found)
      : new Promise<Received>((resolve) => waiters.push([match, resolve]));
  };
  return {
    ws,
    seen,
    until,
    opened: new Promise((resolve) => ws.once('open', () => resolve())),
    closed: new Promise((resolve) => ws.once('close', (code) => resolve(code))),
  };
}

/** Resolves once `check` holds, asking again every few milliseconds. */
export async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** How many messages of a type a socket has received so far (wait with `until(() => heard(...) === n)`). */
export const heard = (socket: { seen: Received[] }, type: string): number =>
  socket.seen.filter((m) => m.type === type).length;
