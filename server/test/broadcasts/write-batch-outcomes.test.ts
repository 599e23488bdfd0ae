import { randomUUID } from 'node:crypto';
import { writeBatch, writeBroadcast } from '../../src/broadcasts/write-broadcast';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { broadcastBody, broadcaster, fanOf } from './helpers';

/** Every answer of `broadcast_write_batch`, driven through the real function (write-broadcast.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const later = () => ({ send_at: new Date(Date.now() + 3600_000).toISOString() });

describe('broadcast_write_batch outcomes', () => {
  it('written, dropped, then done; done at once for a broadcast not sending', async () => {
    const deps = { db: t.db, realtime: t.app.realtime };
    const creator = await broadcaster(t);
    const fans = [];
    for (let i = 0; i < 4; i++) fans.push(await fanOf(t, creator));
    const id = (await creator.api.post('/v1/broadcast/send', broadcastBody(later()))).json().data
      ._id as string;
    // The first batch of one, then a stop: the job's own run resolved the recipients and began.
    const stop = new Error('stop after the first batch');
    await expect(
      writeBroadcast(deps, id, {
        batchSize: 1,
        afterBatch: () => {
          throw stop;
        },
      }),
    ).rejects.toBe(stop);

    const written = await writeBatch(deps, id, 2);
    expect([written.written, written.done, written.user_ids.length]).toEqual([2, false, 2]);

    // The last fan blocks the creator: their recipient row is dropped, nothing is written.
    const left = fans.filter((f) => !written.user_ids.includes(f.user.id));
    for (const fan of left) await fan.api.post(`/v1/users/${creator.user.id}/block`);
    expect(await writeBatch(deps, id, 2)).toEqual({ written: 0, done: false, user_ids: [] });
    expect(await writeBatch(deps, id, 2)).toEqual({ written: 0, done: true, user_ids: [] });
    expect(await writeBatch(deps, randomUUID(), 2)).toEqual({ written: 0, done: true, user_ids: [] });
  });
});
