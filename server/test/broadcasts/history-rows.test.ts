import type { Broadcast } from '@cove/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { vaultMedia } from '../helpers/bundles';
import { broadcaster, broadcastNow, fanOf } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a creator’s broadcast history', () => {
  it('names each broadcast’s audience and a bundle’s item kinds', async () => {
    const creator = await broadcaster(t);
    const [amy, ben] = [await fanOf(t, creator), await fanOf(t, creator)];
    const list = await creator.api.post('/v1/fan-lists', { name: 'Regulars' });
    expect(list.statusCode).toBe(201);
    const [one, two] = await vaultMedia(t, creator, { photos: 1, videos: 1 });

    await broadcastNow(t, creator, { category: 'fans', list_id: list.json().data._id });
    await broadcastNow(t, creator, { ids: amy.chatId });
    await broadcastNow(t, creator, {
      type: 'image',
      price: 40,
      except_ids: `${amy.chatId},${ben.chatId}`,
      media_items: [{ media_id: one?.media_id ?? '' }, { media_id: two?.media_id ?? '' }],
    });

    const rows = ((await creator.api.get('/v1/broadcast')).json() as { data: Broadcast[] }).data;
    expect(rows.map((b) => [b.category, b.list_name, b.only_chats, b.except_chats, b.media_items])).toEqual([
      [
        'all',
        null,
        null,
        2,
        [
          { type: 'image', video_length: null },
          { type: 'video', video_length: two?.video_length },
        ],
      ],
      ['all', null, 1, null, null],
      ['fans', 'Regulars', null, null, null],
    ]);
  });
});
