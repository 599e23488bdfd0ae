import { type ChildProcess, fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { WebSocketServer } from 'ws';
import { and, eq, like } from 'drizzle-orm';
import { hashToken, newToken } from '../../../server/src/auth/tokens';
import { accessTokens, users } from '../../../server/src/db/schema';
import { round } from '../stats';
import type { Cove } from '../system';

const KiB = 1024;
const BATCH = 1_000;

/** The collector, also when node was started without --expose-gc. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
const gc = collector();

/**
 * Memory after a full collection, once the server has gone quiet: sampled until two samples half a
 * second apart agree within 64 KiB, so work still queued from opening or closing sockets (presence
 * writes, log reads) is not counted as what an idle connection holds.
 */
async function settledMemory() {
  let last = process.memoryUsage();
  for (let i = 0; i < 60; i++) {
    await new Promise((r) => setTimeout(r, 500));
    gc();
    const now = process.memoryUsage();
    if (Math.abs(now.heapUsed - last.heapUsed) < 64 * KiB) return now;
    last = now;
  }
  return last;
}

/** A process holding the client ends, so this process measures only the server's side. */
function clientProcess(): ChildProcess {
  return fork(join(__dirname, 'socket-clients.js'), { stdio: 'inherit' });
}

function answer(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) =>
    child.once('message', (m: { opened?: number; failed?: string }) =>
      m.opened === undefined ? reject(new Error(`clients failed: ${m.failed}`)) : resolve(m.opened),
    ),
  );
}

/** How the benchmark sees a server's sockets: open ones, and users it has recorded online (Cove). */
interface Observed {
  open(): number;
  online?(): Promise<number>;
}

const until = async (done: () => Promise<boolean>) => {
  while (!(await done())) await new Promise((r) => setTimeout(r, 100));
};

/**
 * Server memory per idle connection: heap and resident set growth after a full collection, over `n`
 * sockets, once the server has recorded them all; resolves once it has seen them all close again.
 */
async function perConnection(urls: string[], waitFor: 'open' | 'init', server: Observed) {
  const child = clientProcess();
  const before = await settledMemory();
  const opened = answer(child);
  child.send({ open: urls, waitFor });
  const n = await opened;
  await until(async () => ((await server.online?.()) ?? n) >= n);
  const after = await settledMemory();
  const exited = new Promise((r) => child.once('exit', r));
  child.send({ close: true });
  await exited;
  await until(async () => server.open() === 0 && ((await server.online?.()) ?? 0) === 0);
  return {
    sockets: n,
    heap_kib: round((after.heapUsed - before.heapUsed) / n / KiB),
    rss_kib: round((after.rss - before.rss) / n / KiB),
  };
}

/** Users with live tokens, inserted in batches, named `${run}-...`; answers one `/ws` URL per user. */
async function signedInUrls(cove: Cove, count: number, run: string): Promise<string[]> {
  const urls: string[] = [];
  for (let from = 0; from < count; from += BATCH) {
    const size = Math.min(BATCH, count - from);
    const rows = await cove.db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          email: `idle-${run}-${from + i}@bench.test`,
          username: `idle-${run}-${from + i}`,
        })),
      )
      .returning({ id: users.id });
    const tokens = rows.map(() => newToken());
    await cove.db
      .insert(accessTokens)
      .values(rows.map((r, i) => ({ userId: r.id, tokenHash: hashToken(tokens[i] ?? '') })));
    urls.push(...tokens.map((t) => `ws://127.0.0.1:${cove.port}/ws?token=${t}`));
  }
  return urls;
}

/**
 * Idle websockets: `count` signed-in users each holding one socket to Cove, against as many sockets
 * to a bare `ws` server that does nothing, measured in the same process one after the other.
 */
export async function idleSocketMemory(cove: Cove, count: number) {
  const bare = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => bare.once('listening', r));
  const bareUrls = Array<string>(count).fill(`ws://127.0.0.1:${(bare.address() as AddressInfo).port}`);
  const bareOpen = { open: () => bare.clients.size };
  const run = Date.now().toString(36);
  const urls = await signedInUrls(cove, count, run);
  const coveOpen = {
    open: () => cove.app.websocketServer.clients.size,
    // Only this benchmark's users: others in the database (the chat list's seed) may be online.
    online: async () =>
      await cove.db.$count(users, and(eq(users.isOnline, true), like(users.username, `idle-${run}-%`))),
  };
  // A first round of each, not counted, grows the pools, buffers and code that stay anyway.
  await perConnection(bareUrls, 'open', bareOpen);
  const raw = await perConnection(bareUrls, 'open', bareOpen);
  await new Promise((r) => bare.close(r));
  // Cove's first message (init) comes once the socket is attached to its user.
  await perConnection(urls, 'init', coveOpen);
  const ours = await perConnection(urls, 'init', coveOpen);
  return {
    sockets: count,
    raw_heap_kib: raw.heap_kib,
    raw_rss_kib: raw.rss_kib,
    cove_heap_kib: ours.heap_kib,
    cove_rss_kib: ours.rss_kib,
    // A bare figure at or below zero (memory the allocator handed back) makes no ratio.
    ratio_heap: raw.heap_kib > 0 ? round(ours.heap_kib / raw.heap_kib, 1) : null,
    ratio_rss: raw.rss_kib > 0 ? round(ours.rss_kib / raw.rss_kib, 1) : null,
  };
}
