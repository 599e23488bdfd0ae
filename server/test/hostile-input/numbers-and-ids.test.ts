import { text } from '../helpers/chats';
import { type Case, dashes, expectDatabaseUnchanged, hostileWorld, send } from './world';

const w = hostileWorld();

describe('numbers and ids out of range', () => {
  expectDatabaseUnchanged(w);

  it.each([
    [
      'a message id past 15 digits',
      () => `/v1/chats/${w.chatId}/messages?before=99999999999999999`,
      'query.before',
    ],
    [
      'a newer-than id past bigint',
      () => `/v1/chats/${w.chatId}/messages?last_message_id=99999999999999999999999`,
      'query.last_message_id',
    ],
    ['a chat list offset past a million', () => '/v1/chats?offset=99999999999999999999', 'query.offset'],
    ['a discover offset past 100,000', () => '/v1/users/discover?offset=4294967296', 'query.offset'],
    ['a limit past 100', () => `/v1/chats/${w.chatId}/messages?limit=2147483648`, 'query.limit'],
    ['an infinite number', () => '/v1/chats?v=1e400', 'query.v'],
  ])('refuses %s with a 400 naming the field', async (_name, url, field) => {
    const res = await w.fan.api.get(url());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
  });

  it('answers an id beyond the newest message with no messages', async () => {
    const res = await w.fan.api.get(`/v1/chats/${w.chatId}/messages?last_message_id=99999999`);
    expect([res.statusCode, res.json()]).toEqual([200, { data: [], next: null }]);
  });

  it.each([
    [
      'a tip amount past int4',
      '/v1/messages/tip',
      () => ({ chat_id: w.chatId, amount: 2 ** 31, send_id: 'x' }),
    ],
    ['a price past int4', '/v1/messages', () => text(w.fan.user.id, 'hi', { price: 2 ** 31 })],
    ['a rate past the limit', '/v1/chats/change-rate', () => ({ chat_id: w.chatId, rate: 1e20 })],
  ])('refuses %s with a 400', async (_name, url, payload) => {
    const res = await w.creator.api.post(url, payload());
    expect([res.statusCode, res.json().code]).toEqual([400, 'validation']);
  });

  const lookalikes: Case[] = [
    { name: 'messages of a chat', method: 'GET', url: () => `/v1/chats/${dashes}/messages` },
    {
      name: 'a tip',
      method: 'POST',
      url: () => '/v1/messages/tip',
      payload: () => ({ chat_id: dashes, amount: 1, send_id: 'x' }),
    },
    {
      name: 'a message',
      method: 'POST',
      url: () => '/v1/messages',
      payload: () => text(dashes, 'hi', { chat_id: dashes }),
    },
    { name: 'a new chat', method: 'POST', url: () => '/v1/chat', payload: () => ({ recipient_id: dashes }) },
    { name: 'a chat lookup', method: 'GET', url: () => `/v1/chat?recipient_id=${dashes}` },
    { name: 'a block', method: 'POST', url: () => `/v1/users/${dashes}/block` },
    { name: 'a media block', method: 'POST', url: () => `/v1/chats/${dashes}/block-media` },
    {
      name: 'a report',
      method: 'POST',
      url: () => `/v1/users/${dashes}/report`,
      payload: () => ({ reason: 'spam' }),
    },
    {
      name: 'a note edit',
      method: 'PATCH',
      url: () => `/v1/notes/${dashes}`,
      payload: () => ({ text: 'x' }),
    },
    { name: 'a note delete', method: 'DELETE', url: () => `/v1/notes/${dashes}` },
  ];
  it.each(lookalikes.map((c) => [c.name, c] as const))(
    'answers 404 to an id that only looks like a UUID in %s',
    async (_name, c) => {
      const res = await send(w, { ...c, who: 'creator' });
      expect(res.statusCode).toBe(404);
    },
  );

  it('skips an id that only looks like a UUID in a bulk edit', async () => {
    const res = await w.creator.api.patch('/v1/chats', { action: 'read', ids: [dashes] });
    expect([res.statusCode, res.json()]).toEqual([200, { updated: 0 }]);
  });
});
