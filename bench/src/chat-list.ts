import { sql } from 'drizzle-orm';
import { ms, round, summarise } from './stats';
import type { Cove } from './system';

/** Gives one creator `chats` chats with distinct fans, each with one message, straight in SQL. */
async function seedInbox(cove: Cove, creatorId: string, chats: number) {
  await cove.db.execute(sql`
    with fans as (
      insert into users (email, username, type)
      select 'inbox-' || g || '-' || ${creatorId} || '@bench.test', 'inbox-' || g || '-' || left(${creatorId}, 8), 'user'
      from generate_series(1, ${chats}) g returning id
    ), made as (
      insert into chats (user_low, user_high, credit_rate, last_message_at)
      select least(id, ${creatorId}::uuid), greatest(id, ${creatorId}::uuid), 10, now() - (random() * interval '30 days') from fans
      returning id, user_low, user_high, last_message_at
    ), mine as (
      insert into chat_members (chat_id, user_id, other_id, unread, last_message_at, last_from_other, spent_by_other)
      select id, ${creatorId}::uuid, case when user_low = ${creatorId}::uuid then user_high else user_low end,
        (random() * 3)::int, last_message_at, random() < 0.5, (random() * 2000)::int from made
      returning chat_id
    )
    insert into chat_members (chat_id, user_id, other_id, last_message_at)
    select id, case when user_low = ${creatorId}::uuid then user_high else user_low end, ${creatorId}::uuid, last_message_at from made`);
  await cove.db.execute(sql`analyze`);
}

async function timeEach(runs: number, job: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await job();
    samples.push(ms(start));
  }
  return summarise(samples);
}

/** The first page of a big creator's inbox through the API, against the bare index query. */
export async function chatListQuery(cove: Cove, chats: number, runs: number) {
  const creator = await cove.user('featured');
  const seedStart = process.hrtime.bigint();
  await seedInbox(cove, creator.row.id, chats);
  const seeded = ms(seedStart);
  const base = `http://127.0.0.1:${cove.port}`;
  const headers = { 'access-token': creator.token };
  const get = async (url: string) => {
    const res = await fetch(`${base}${url}`, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return res.json();
  };
  await get('/v1/chats?v=2&limit=20');
  const api = await timeEach(runs, () => get('/v1/chats?v=2&limit=20&offset=0'));
  const unreplied = await timeEach(runs, () => get('/v1/chats?v=2&limit=20&type=unreplied'));
  const totals = await timeEach(Math.max(3, runs / 5), () => get('/v1/chats/total'));
  const raw = await timeEach(runs, () =>
    cove.db
      .execute(sql`select chat_id from chat_members where user_id = ${creator.row.id} and listed and not hidden
      order by last_message_at desc nulls last, chat_id limit 20`),
  );
  return {
    chats,
    seed_ms: round(seeded, 0),
    api_p50_ms: round(api.p50),
    unreplied_p50_ms: round(unreplied.p50),
    totals_p50_ms: round(totals.p50),
    raw_query_p50_ms: round(raw.p50),
    ratio_p50: round(api.p50 / raw.p50, 1),
  };
}
