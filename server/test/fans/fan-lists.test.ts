import { FAN_LISTS_MAX } from '@cove/contracts';
import { randomUUID } from 'node:crypto';
import type { Client } from '../helpers/api';
import { fanAndCreator } from '../helpers/chats';
import { balancedAppForFile } from '../helpers/file-app';

const t = balancedAppForFile();

const createList = (api: Client, name: string) => api.post('/v1/fan-lists', { name });

describe("a creator's lists", () => {
  it('creates, renames, lists and deletes her lists', async () => {
    const { creator, chatId } = await fanAndCreator(t);
    const made = await createList(creator.api, '  Regulars ');
    expect(made.statusCode).toBe(201);
    const list = made.json().data;
    expect(list).toMatchObject({ name: 'Regulars', members: 0 });

    expect((await creator.api.put(`/v1/fan-lists/${list._id}/chats/${chatId}`)).statusCode).toBe(204);
    // Twice is no change.
    expect((await creator.api.put(`/v1/fan-lists/${list._id}/chats/${chatId}`)).statusCode).toBe(204);
    const renamed = await creator.api.patch(`/v1/fan-lists/${list._id}`, { name: 'Night owls' });
    expect(renamed.json().data).toMatchObject({ _id: list._id, name: 'Night owls', members: 1 });
    expect((await creator.api.get('/v1/fan-lists')).json().data).toEqual([
      { _id: list._id, name: 'Night owls', members: 1, created_at: list.created_at },
    ]);
    expect((await creator.api.get(`/v1/chats/${chatId}/fan`)).json().data.list_ids).toEqual([list._id]);

    expect((await creator.api.delete(`/v1/fan-lists/${list._id}/chats/${chatId}`)).statusCode).toBe(204);
    expect((await creator.api.get(`/v1/chats/${chatId}/fan`)).json().data.list_ids).toEqual([]);
    expect((await creator.api.delete(`/v1/fan-lists/${list._id}`)).statusCode).toBe(204);
    expect((await creator.api.get('/v1/fan-lists')).json().data).toEqual([]);
    expect((await creator.api.delete(`/v1/fan-lists/${list._id}`)).statusCode).toBe(404);
  });

  it('refuses a blank, long or duplicate name, whatever its case, and changes nothing', async () => {
    const { creator } = await fanAndCreator(t);
    const blank = await createList(creator.api, '   ');
    expect([blank.statusCode, blank.json().code]).toEqual([400, 'validation']);
    const long = await createList(creator.api, 'x'.repeat(31));
    expect([long.statusCode, long.json().message]).toEqual([400, 'body.name: Cannot exceed 30 characters']);
    expect((await createList(creator.api, 'x'.repeat(30))).statusCode).toBe(201);
    expect((await createList(creator.api, 'Regulars')).statusCode).toBe(201);
    const twin = await createList(creator.api, 'REGULARS');
    expect([twin.statusCode, twin.json().message]).toEqual([409, 'You already have a list with this name.']);
    const other = (await createList(creator.api, 'Others')).json().data;
    const rename = await creator.api.patch(`/v1/fan-lists/${other._id}`, { name: 'regulars' });
    expect(rename.statusCode).toBe(409);
    expect((await creator.api.get('/v1/fan-lists')).json().data.map((l: { name: string }) => l.name)).toEqual(
      ['x'.repeat(30), 'Regulars', 'Others'],
    );
    // Another creator may use the same name.
    const { creator: someoneElse } = await fanAndCreator(t);
    expect((await createList(someoneElse.api, 'Regulars')).statusCode).toBe(201);
  });

  it(`keeps at most ${FAN_LISTS_MAX} lists, even when many are created at once`, async () => {
    const { creator } = await fanAndCreator(t);
    const results = await Promise.all(
      Array.from({ length: FAN_LISTS_MAX + 10 }, (_, i) => createList(creator.api, `List ${i}`)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(FAN_LISTS_MAX);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => [r.statusCode, r.json().message])).toEqual(
      Array.from({ length: 10 }, () => [409, `You can have at most ${FAN_LISTS_MAX} lists.`]),
    );
    expect((await creator.api.get('/v1/fan-lists')).json().data).toHaveLength(FAN_LISTS_MAX);
  });

  it('lets nobody but her touch her lists or put a stranger on them', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t);
    const list = (await createList(creator.api, 'Mine')).json().data;
    const { creator: rival, chatId: rivalChat } = await fanAndCreator(t);

    const fanTries = [
      await fan.api.get('/v1/fan-lists'),
      await createList(fan.api, 'Fans cannot'),
      await fan.api.put(`/v1/fan-lists/${list._id}/chats/${chatId}`),
    ];
    expect(fanTries.map((r) => r.statusCode)).toEqual([403, 403, 403]);

    const rivalTries = [
      await rival.api.patch(`/v1/fan-lists/${list._id}`, { name: 'Taken over' }),
      await rival.api.delete(`/v1/fan-lists/${list._id}`),
      await rival.api.put(`/v1/fan-lists/${list._id}/chats/${rivalChat}`),
      await rival.api.delete(`/v1/fan-lists/${list._id}/chats/${chatId}`),
      await rival.api.patch('/v1/fan-lists/not-a-uuid', { name: 'x' }),
    ];
    expect(rivalTries.map((r) => [r.statusCode, r.json().message])).toEqual(
      Array.from({ length: 5 }, () => [404, 'List not found']),
    );
    // Her list, but a chat she is not in.
    const stranger = await creator.api.put(`/v1/fan-lists/${list._id}/chats/${rivalChat}`);
    expect([stranger.statusCode, stranger.json().message]).toEqual([404, 'Chat not found']);
    expect((await creator.api.get('/v1/fan-lists')).json().data).toEqual([
      expect.objectContaining({ name: 'Mine', members: 0 }),
    ]);
  });
});

describe('VIP from the chat', () => {
  it('puts a fan on the VIP tab and takes one off, whatever he spent, and the totals follow', async () => {
    const { creator, chatId, fan } = await fanAndCreator(t, { credits: 2000, rate: 0 });
    await fan.api.post('/v1/messages', {
      type: 'text',
      recipient_id: creator.user.id,
      text: 'hi',
      send_id: 'v1',
    });
    const vipTab = async () =>
      (await creator.api.get('/v1/chats?type=vip')).json().data.map((c: { _id: string }) => c._id);
    const vipTotal = async () => (await creator.api.get('/v1/chats/total')).json().vip;
    expect([await vipTab(), await vipTotal()]).toEqual([[], 0]);

    expect((await creator.api.put(`/v1/chats/${chatId}/vip`, { vip: true })).json()).toEqual({ vip: true });
    expect([await vipTab(), await vipTotal()]).toEqual([[chatId], 1]);
    expect((await creator.api.get(`/v1/chats/${chatId}/fan`)).json().data.vip).toBe(true);

    // Spending 1,000 credits makes a VIP; her "no" stands over it.
    await creator.api.put(`/v1/chats/${chatId}/vip`, { vip: false });
    const tip = await fan.api.post('/v1/messages/tip', {
      chat_id: chatId,
      amount: 1000,
      send_id: randomUUID(),
    });
    expect(tip.statusCode).toBe(200);
    expect([await vipTab(), await vipTotal()]).toEqual([[], 0]);
    expect((await creator.api.get(`/v1/chats/${chatId}/fan`)).json().data).toMatchObject({
      vip: false,
      spent: 1000,
    });
  });
});
