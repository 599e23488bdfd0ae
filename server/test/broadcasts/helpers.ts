import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { writeBroadcast, type WriteOptions } from '../../src/broadcasts/write-broadcast';
import { rowsOf } from '../../src/db/rows';
import { type Party, person, text } from '../helpers/chats';
import type { TestApp } from '../helpers/test-app';

/** A creator allowed to broadcast (their own `broadcast` feature). */
export const broadcaster = (t: TestApp) =>
  person(t, { type: 'featured', creditRate: 0, features: { broadcast: true } });

/** A fan who opened a chat with the creator. */
export async function fanOf(t: TestApp, creator: Party, values: Parameters<typeof person>[1] = {}) {
  const fan = await person(t, { type: 'user', ...values });
  const res = await fan.api.post('/v1/chat', { recipient_id: creator.user.id });
  if (res.statusCode !== 200) throw new Error(`chat not opened: ${res.body}`);
  // A chat is in the creator's list (and the broadcast tabs) once someone wrote in it.
  const hello = await fan.api.post('/v1/messages', text(creator.user.id, 'hi'));
  if (hello.statusCode !== 200) throw new Error(`first message refused: ${hello.body}`);
  return { ...fan, chatId: res.json().data._id as string };
}

/** A ready photo or video of its owner, as the upload pipeline leaves it. */
export async function readyMedia(t: TestApp, ownerId: string, kind: 'image' | 'video' = 'image') {
  const [row] = rowsOf<{ id: string }>(
    await t.db.execute(sql`
      insert into media (id, owner_id, public_id, kind, upload_type, status, source_type, size, md5, sha256)
      values (gen_random_uuid(), ${ownerId}, ${randomBytes(8).toString('hex')}, ${kind}, 'paid_message', 'ready', 'image/jpeg',
        10, 'md5', 'sha')
      returning id`),
  );
  if (!row) throw new Error('media insert returned nothing');
  return row.id;
}

export const broadcastBody = (extra: object = {}) => ({ text: 'Hello all', send_id: randomUUID(), ...extra });

/** Sends a broadcast and writes it to the end here, rather than waiting for the worker's poll. */
export async function broadcastNow(t: TestApp, creator: Party, extra: object = {}, opts: WriteOptions = {}) {
  const res = await creator.api.post('/v1/broadcast/send', broadcastBody(extra));
  if (res.statusCode !== 200) throw new Error(`broadcast refused: ${res.body}`);
  const id = res.json().data._id as string;
  await writeBroadcast({ db: t.db, realtime: t.app.realtime }, id, opts);
  return id;
}

export async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.db.execute(query));
}

/** Users whose event sequence has a gap or a duplicate, or whose counter disagrees with the log. */
export async function brokenEventLogs(t: TestApp): Promise<string[]> {
  const broken = await rows<{ user_id: string }>(
    t,
    sql`select s.user_id from user_event_seqs s
      left join lateral (select count(*) as n, count(distinct seq) as d, min(seq) as lo, max(seq) as hi
        from user_events e where e.user_id = s.user_id) e on true
      where e.n <> e.d or e.hi <> s.last_seq or (e.n > 0 and e.hi - e.lo + 1 <> e.n)`,
  );
  return broken.map((r) => r.user_id);
}
