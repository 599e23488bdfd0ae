import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { broadcastBench } from './broadcast/measure';
import { chatListQuery } from './chat-list';
import { discoverPageBench } from './discover-page';
import { notificationsPageBench } from './notifications-page';
import { idleSocketMemory } from './sockets/memory';
import { usersMeThroughput } from './users-me/throughput';
import { sendLoad } from './sends/load';
import { tipBuyBench } from './tip-buy/measure';
import { round } from './stats';
import { startCove } from './system';

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
  // Other bundles' parts (`--only chat-screen`) start nothing here and leave these results alone.
  if (!['sends', 'tips', 'list', 'discover', 'notifications', 'sockets', 'me', 'broadcast'].some(runs))
    return;
  const small = values.small;
  const size = small
    ? {
        load: { fans: 20, creators: 2, rates: [100, 200], seconds: 2 },
        tips: { fans: 20, creators: 2, calls: 500, connections: 16 },
        list: { chats: 10_000, inbox: 5_000, runs: 50 },
        discover: { creators: 10_000, runs: 50 },
        notifications: { records: 10_000, runs: 50, rounds: 3 },
        broadcast: { chats: 5_000, online: 100, chatters: 10, rate: 50, limitS: 60 },
      }
    : {
        load: { fans: 200, creators: 10, rates: [250, 500, 1_000, 2_000, 4_000], seconds: 5 },
        tips: { fans: 200, creators: 10, calls: 5_000, connections: 16 },
        list: { chats: 1_000_000, inbox: 100_000, runs: 200 },
        discover: { creators: 100_000, runs: 200 },
        notifications: { records: 100_000, runs: 200, rounds: 5 },
        broadcast: { chats: 100_000, online: 1_000, chatters: 20, rate: 100, limitS: 90 },
      };
  const cove = await startCove();
  const results: Record<string, unknown> = {
    database: cove.kind,
    size: small ? 'small' : 'full',
    at: new Date().toISOString(),
  };
  try {
    if (runs('sends')) {
      const { rates, ...headline } = await sendLoad(cove, size.load);
      results.sends = { ...headline, rates };
      console.log(
        `sends from ${size.load.fans} fans to ${size.load.creators} creators: HTTP answer, and delivery to the creator's socket against a bare ws relay`,
      );
      console.table(rates);
      console.table([headline]);
    }
    if (runs('tips')) {
      const { rows, ...setup } = await tipBuyBench(cove, size.tips);
      results.tip_buy = { ...setup, rows };
      console.log(
        `tips and unlocks from ${size.tips.fans} fans to ${size.tips.creators} creators over ${size.tips.connections} connections, closed loop: through the API against the raw ledger rows of the same charge`,
      );
      console.table(rows);
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
    if (runs('discover')) {
      const { summary, rows } = await discoverPageBench(cove, size.discover);
      results.discover = { ...summary, tabs: rows };
      console.log(
        `discover's first page among ${size.discover.creators} creators, per tab, through the API vs the bare index query through pg`,
      );
      console.table(rows);
      console.table([summary]);
    }
    if (runs('notifications')) {
      const { summary, rounds } = await notificationsPageBench(cove, size.notifications);
      results.notifications = { ...summary, rounds };
      console.log(
        `notifications centre of a person with ${size.notifications.records} records: first page through the API vs the same page and count through pg, ${size.notifications.rounds} rounds`,
      );
      console.table(rounds);
      console.table([summary]);
    }
    if (runs('sockets')) {
      const count = small ? 500 : 5_000;
      results.idle_sockets = await idleSocketMemory(cove, count);
      console.log(`server memory per idle websocket, ${count} signed-in sockets to Cove vs a bare ws server`);
      console.table([results.idle_sockets]);
    }
    if (runs('me')) {
      results.users_me = await usersMeThroughput(cove, small ? 2 : 10, 16);
      console.log('GET /v1/users/me requests per second (16 connections): Cove vs a bare Fastify route');
      console.table([results.users_me]);
    }
    if (runs('broadcast')) {
      results.broadcast = {
        load_average: loadavg().map((l) => round(l)),
        ...(await broadcastBench(cove, size.broadcast)),
      };
      console.log(
        `broadcast to ${size.broadcast.chats} chats with ${size.broadcast.online} fans online while ${size.broadcast.chatters} others chat at ${size.broadcast.rate}/s: answer, writing against one raw INSERT ... SELECT, delivery, others' sends against idle`,
      );
      console.table([results.broadcast]);
    }
  } finally {
    await cove.stop();
  }
  const dir = join(__dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `chat-${results.database}-${results.size}.json`);
  // A run of some parts (`--only`) keeps the figures of the parts it did not run.
  const earlier = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, `${JSON.stringify({ ...earlier, ...results }, null, 2)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
