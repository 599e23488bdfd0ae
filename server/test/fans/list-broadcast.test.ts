import { sql } from 'drizzle-orm';
import { writeBroadcast } from '../../src/broadcasts/write-broadcast';
import { blocks } from '../../src/db/schema';
import { broadcaster, broadcastBody, broadcastNow, fanOf, rows } from '../broadcasts/helpers';
import { appForFile } from '../helpers/file-app';

const t = appForFile();

const reached = async (broadcastId: string) =>
  (
    await rows<{ fan_id: string }>(
      t,
      sql`select fan_id from broadcast_recipients where broadcast_id = ${broadcastId} and message_id is not null`,
    )
  )
    .map((r) => r.fan_id)
    .sort();

describe('a list as a broadcast audience', () => {
  it('reaches the people on the list when it sends, minus the blocked, and counts them first', async () => {
    const creator = await broadcaster(t);
    const [ann, ben, cal, dee] = await Promise.all([1, 2, 3, 4].map(() => fanOf(t, creator)));
    if (!ann || !ben || !cal || !dee) throw new Error('fans missing');
    const list = (await creator.api.post('/v1/fan-lists', { name: 'Regulars' })).json().data;
    for (const fan of [ann, ben, cal])
      expect((await creator.api.put(`/v1/fan-lists/${list._id}/chats/${fan.chatId}`)).statusCode).toBe(204);
    await t.db.insert(blocks).values({ blockerId: cal.user.id, blockedId: creator.user.id });

    const count = await creator.api.get(`/v1/broadcast/recipients?list_id=${list._id}`);
    expect(count.json()).toEqual({ count: 2 });

    // Scheduled now, and Ben leaves the list before it is written: members are read at send time.
    const sent = await creator.api.post('/v1/broadcast/send', broadcastBody({ list_id: list._id }));
    expect(sent.statusCode).toBe(200);
    await creator.api.delete(`/v1/fan-lists/${list._id}/chats/${ben.chatId}`);
    await writeBroadcast({ db: t.db, realtime: t.app.realtime }, sent.json().data._id);
    expect(await reached(sent.json().data._id)).toEqual([ann.user.id]);

    const everyone = await broadcastNow(t, creator);
    expect(await reached(everyone)).toEqual([ann.user.id, ben.user.id, dee.user.id].sort());
  });

  it('reaches nobody once its list is deleted, and takes no list of another creator', async () => {
    const creator = await broadcaster(t);
    const fan = await fanOf(t, creator);
    const list = (await creator.api.post('/v1/fan-lists', { name: 'Soon gone' })).json().data;
    await creator.api.put(`/v1/fan-lists/${list._id}/chats/${fan.chatId}`);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const sent = await creator.api.post(
      '/v1/broadcast/send',
      broadcastBody({ list_id: list._id, send_at: later }),
    );
    expect(sent.statusCode).toBe(200);
    await creator.api.delete(`/v1/fan-lists/${list._id}`);
    await t.db.execute(sql`update broadcasts set send_at = now() where id = ${sent.json().data._id}`);
    await writeBroadcast({ db: t.db, realtime: t.app.realtime }, sent.json().data._id);
    expect(await reached(sent.json().data._id)).toEqual([]);

    const rival = await broadcaster(t);
    const theirs = (await rival.api.post('/v1/fan-lists', { name: 'Theirs' })).json().data;
    const refused = await creator.api.post('/v1/broadcast/send', broadcastBody({ list_id: theirs._id }));
    expect([refused.statusCode, refused.json().message]).toEqual([404, 'List not found']);
    expect((await creator.api.get(`/v1/broadcast/recipients?list_id=${theirs._id}`)).statusCode).toBe(404);
    expect((await creator.api.get('/v1/broadcast/recipients?list_id=nonsense')).statusCode).toBe(404);
  });
});
