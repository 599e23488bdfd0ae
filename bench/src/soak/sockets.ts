import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import type { Tally } from './client';
import type { Person } from './people';

const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

export interface SocketCounts {
  connects: number;
  resumes: number;
  clean_closes: number;
  terminations: number;
  dropped_before_init: number;
  client_messages: number;
  events_received: number;
}

/**
 * One tab of one person, for as long as the soak runs: it connects (resuming from the last sequence it
 * saw), stays a few seconds while typing in its chats, hiding and showing, and pinging, then goes away
 * in one of the ways tabs do (a clean close, a vanished network, a close before the greeting), and
 * comes back.
 */
async function tab(base: string, person: Person, tally: Tally, counts: SocketCounts, until: number) {
  const chats = [...person.chats.values()];
  let lastSeq: number | undefined;
  while (Date.now() < until) {
    const since = lastSeq === undefined ? '' : `&since=${lastSeq}`;
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${person.api.token}${since}`);
    counts.connects++;
    if (since) counts.resumes++;
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    ws.on('error', () => undefined);
    ws.on('unexpected-response', (_req, res) => {
      tally.count('ws_connect', res.statusCode ?? 0, res.statusMessage ?? '');
      ws.terminate();
    });
    ws.on('message', (raw: Buffer) => {
      const m = JSON.parse(raw.toString()) as { type: string; seq?: number; last_seq?: number };
      if (m.type === 'init') lastSeq = Math.max(lastSeq ?? 0, m.last_seq ?? 0);
      if (typeof m.seq === 'number') {
        counts.events_received++;
        lastSeq = Math.max(lastSeq ?? 0, m.seq);
      }
    });
    const opened = await new Promise<boolean>((resolve) => {
      ws.once('open', () => resolve(true));
      ws.once('close', () => resolve(false));
    });
    if (opened) tally.count('ws_connect', 101, '');
    if (opened && Math.random() < 0.1) {
      // Gone before the greeting: the server is still attaching it.
      ws.terminate();
      counts.dropped_before_init++;
    } else if (opened) {
      const stay = Date.now() + between(3_000, 20_000);
      while (Date.now() < stay && Date.now() < until && ws.readyState === ws.OPEN) {
        await sleep(between(500, 3_000));
        if (ws.readyState !== ws.OPEN) break;
        const r = Math.random();
        const chat = chats[Math.floor(Math.random() * chats.length)] ?? '';
        const message =
          r < 0.5
            ? { type: 'typing_start', chat_id: chat }
            : r < 0.7
              ? { type: 'typing_stop', chat_id: chat }
              : r < 0.85
                ? { type: 'visibility', state: Math.random() < 0.5 ? 'hidden' : 'visible' }
                : { type: 'ping' };
        ws.send(JSON.stringify(message));
        counts.client_messages++;
      }
      if (ws.readyState === ws.OPEN) {
        if (Math.random() < 0.6) {
          ws.close(1000);
          counts.clean_closes++;
        } else {
          ws.terminate();
          counts.terminations++;
        }
      }
    }
    await closed;
    await sleep(between(0, 2_000));
  }
}

/** `tabsEach` tabs for every person, cycling until `until`. */
export async function runSockets(
  base: string,
  people: Person[],
  tally: Tally,
  opts: { tabsEach: number; until: number },
): Promise<SocketCounts> {
  const counts: SocketCounts = {
    connects: 0,
    resumes: 0,
    clean_closes: 0,
    terminations: 0,
    dropped_before_init: 0,
    client_messages: 0,
    events_received: 0,
  };
  await Promise.all(
    people.flatMap((p) =>
      Array.from({ length: opts.tabsEach }, () => tab(base, p, tally, counts, opts.until)),
    ),
  );
  return counts;
}
