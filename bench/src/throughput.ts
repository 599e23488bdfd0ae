import { sql } from 'drizzle-orm';
import { ms, round } from './stats';
import type { Cove } from './system';

/** Runs `total` jobs with `concurrency` in flight; returns jobs per second. */
async function rate(
  total: number,
  concurrency: number,
  job: (i: number) => Promise<unknown>,
): Promise<number> {
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await job(next++);
    }),
  );
  return total / (ms(start) / 1000);
}

/** Persisted sends per second through the API against a bare INSERT loop on the same database. */
export async function sendThroughput(cove: Cove, total: number, concurrency: number) {
  const fan = await cove.user('user', total * 2);
  const creator = await cove.user('featured');
  const base = `http://127.0.0.1:${cove.port}`;
  const headers = { 'access-token': fan.token, 'content-type': 'application/json' };
  const opened = await fetch(`${base}/v1/chat`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ recipient_id: creator.row.id }),
  });
  const chatId = ((await opened.json()) as { data: { _id: string } }).data._id;

  const api = await rate(total, concurrency, async (i) => {
    const res = await fetch(`${base}/v1/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 'text', recipient_id: creator.row.id, text: `m${i}`, send_id: `tp-${i}` }),
    });
    if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`);
  });
  const raw = await rate(total, concurrency, (i) =>
    cove.db.execute(sql`insert into messages (chat_id, sender_id, recipient_id, type, text, send_id)
      values (${chatId}, ${fan.row.id}, ${creator.row.id}, 'text', ${`r${i}`}, ${`raw-${i}`})`),
  );
  return { api_per_s: round(api, 1), raw_insert_per_s: round(raw, 1), ratio: round(raw / api, 2) };
}
