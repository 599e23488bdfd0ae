import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chatListQuery } from './chat-list';
import { coveDelivery, rawRelay } from './delivery';
import { idleSocketMemory } from './sockets/memory';
import { round } from './stats';
import { startCove } from './system';
import { sendThroughput } from './throughput';

/**
 * Chat benchmarks. Every figure is printed next to a baseline measured in the same run on the same
 * machine (a bare ws relay, a bare INSERT loop, the bare index query), so ratios travel between
 * machines where milliseconds do not. `--small` is the size CI runs.
 */
async function main() {
  const { values } = parseArgs({
    options: { small: { type: 'boolean', default: false }, only: { type: 'string' } },
  });
  const runs = (part: string) => !values.only || values.only === part;
  const small = values.small;
  const size = small
    ? { count: 100, rates: [50, 100], sends: 300, list: { chats: 10_000, inbox: 5_000, runs: 50 } }
    : {
        count: 500,
        rates: [50, 200, 400],
        sends: 3_000,
        list: { chats: 1_000_000, inbox: 100_000, runs: 200 },
      };
  const cove = await startCove();
  const results: Record<string, unknown> = {
    database: cove.kind,
    size: small ? 'small' : 'full',
    at: new Date().toISOString(),
  };
  try {
    const delivery = [];
    for (const rate of runs('delivery') ? size.rates : []) {
      const raw = await rawRelay(size.count, rate);
      const ours = await coveDelivery(cove, size.count, rate);
      delivery.push({
        rate,
        raw_p50_ms: round(raw.p50),
        raw_p99_ms: round(raw.p99),
        cove_p50_ms: round(ours.p50),
        cove_p99_ms: round(ours.p99),
        failed: ours.failed,
        ratio_p50: round(ours.p50 / raw.p50, 1),
        ratio_p99: round(ours.p99 / raw.p99, 1),
      });
    }
    if (delivery.length) {
      results.delivery = delivery;
      console.log('send -> recipient websocket latency, Cove vs a raw ws relay');
      console.table(delivery);
    }
    if (runs('throughput')) {
      results.throughput = await sendThroughput(cove, size.sends, 8);
      console.log('persisted sends per second, Cove API vs raw INSERT loop (8 in flight)');
      console.table([results.throughput]);
    }
    if (runs('list')) {
      const { summary, tabs } = await chatListQuery(cove, size.list);
      results.chat_list = { ...summary, tabs };
      console.log(
        `chat list of a creator with ${size.list.inbox} of ${size.list.chats} chats: first page through the API vs its two statements through pg; tab totals`,
      );
      console.table(tabs);
      console.table([summary]);
    }
    if (runs('sockets')) {
      const count = small ? 500 : 5_000;
      results.idle_sockets = await idleSocketMemory(cove, count);
      console.log(`server memory per idle websocket, ${count} signed-in sockets to Cove vs a bare ws server`);
      console.table([results.idle_sockets]);
    }
  } finally {
    await cove.stop();
  }
  const dir = join(__dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `chat-${results.database}-${results.size}.json`),
    `${JSON.stringify(results, null, 2)}\n`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
