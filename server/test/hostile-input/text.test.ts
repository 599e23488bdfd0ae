import { text } from '../helpers/chats';
import { type Case, expectDatabaseUnchanged, hostileWorld, LONE, NUL, send } from './world';

const w = hostileWorld();

/** Requests that each carry `bad` in one string, and the field the answer must name. */
const stringCases = (bad: string): (Case & { field: string })[] => [
  {
    name: 'message text',
    method: 'POST',
    url: () => '/v1/messages',
    payload: () => text(w.creator.user.id, `hi${bad}`),
    field: 'body.text',
  },
  {
    name: 'send id',
    method: 'POST',
    url: () => '/v1/messages',
    payload: () => text(w.creator.user.id, 'hi', { send_id: `id${bad}` }),
    field: 'body.send_id',
  },
  {
    name: 'GIF URL',
    method: 'POST',
    url: () => '/v1/messages',
    payload: () =>
      text(w.creator.user.id, '', { type: 'gif', gif_url: `https://media.giphy.com/${bad}.gif` }),
    field: 'body.gif_url',
  },
  {
    name: 'tip send id',
    method: 'POST',
    url: () => '/v1/messages/tip',
    payload: () => ({ chat_id: w.chatId, amount: 5, send_id: `id${bad}` }),
    field: 'body.send_id',
  },
  {
    name: 'new note',
    who: 'creator',
    method: 'POST',
    url: () => '/v1/chats/note',
    payload: () => ({ id: w.chatId, note: `note${bad}` }),
    field: 'body.note',
  },
  {
    name: 'edited note',
    who: 'creator',
    method: 'PATCH',
    url: () => `/v1/notes/${w.noteId}`,
    payload: () => ({ text: `note${bad}` }),
    field: 'body.text',
  },
  {
    name: 'tag',
    who: 'creator',
    method: 'POST',
    url: () => '/v1/users/tags',
    payload: () => ({ tag: `tag${bad}` }),
    field: 'body.tag',
  },
  {
    name: 'invite code',
    method: 'PATCH',
    url: () => `/v1/users/${w.fan.user.id}`,
    payload: () => ({ code_used: `code${bad}` }),
    field: 'body.code_used',
  },
  {
    name: 'report reason',
    method: 'POST',
    url: () => `/v1/users/${w.creator.user.id}/report`,
    payload: () => ({ reason: `spam${bad}` }),
    field: 'body.reason',
  },
  {
    name: 'sign-in email',
    method: 'POST',
    url: () => '/v1/users/sign',
    payload: () => ({ email: `someone${bad}@example.com` }),
    field: 'body.email',
  },
  {
    name: 'new email',
    method: 'POST',
    url: () => '/v1/users/change-verify-email',
    payload: () => ({ email: `someone${bad}@example.com` }),
    field: 'body.email',
  },
  {
    name: 'chat ids of a bulk edit',
    method: 'PATCH',
    url: () => '/v1/chats',
    payload: () => ({ action: 'read', ids: [w.chatId, `x${bad}`] }),
    field: 'body.ids.1',
  },
  {
    name: 'client error report',
    method: 'POST',
    url: () => '/v1/client-errors',
    payload: () => ({ remote: 'chat', version: null, phase: 'load', message: `boom${bad}` }),
    field: 'body.message',
  },
];

/** The same in query strings and paths, which carry a NUL percent-encoded. */
const urlCases: (Case & { field: string })[] = [
  { name: 'chat search', method: 'GET', url: () => '/v1/chats?search=a%00b', field: 'query.search' },
  { name: 'discover q', method: 'GET', url: () => '/v1/users/discover?q=a%00b', field: 'query.q' },
  {
    name: 'discover code',
    method: 'GET',
    url: () => '/v1/users/discover?code_used=a%00',
    field: 'query.code_used',
  },
  { name: 'GIF search', method: 'GET', url: () => '/v1/gifs?q=cat%00', field: 'query.q' },
  {
    name: 'username check',
    method: 'GET',
    url: () => '/v1/username-available?username=bob%00',
    field: 'query.username',
  },
  {
    name: 'media public id',
    method: 'GET',
    url: () => '/v1/users/images/public_id/a%00b',
    field: 'params.id',
  },
];

describe('text the database cannot hold', () => {
  expectDatabaseUnchanged(w);

  it.each(stringCases(NUL).map((c) => [c.name, c] as const))(
    'refuses a NUL character in the %s with a 400 naming the field',
    async (_name, c) => {
      const res = await send(w, c);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: `${c.field}: must not contain a NUL character`,
        code: 'validation',
        errors: [{ field: c.field, message: 'must not contain a NUL character' }],
      });
    },
  );

  it.each(stringCases(LONE).map((c) => [c.name, c] as const))(
    'refuses an unpaired UTF-16 surrogate in the %s',
    async (_name, c) => {
      const res = await send(w, c);
      expect([res.statusCode, res.json().errors]).toEqual([
        400,
        [{ field: c.field, message: 'must not contain an unpaired UTF-16 surrogate' }],
      ]);
    },
  );

  it.each(urlCases.map((c) => [c.name, c] as const))(
    'refuses a NUL character in the %s',
    async (_name, c) => {
      const res = await send(w, c);
      expect([res.statusCode, res.json().errors]).toEqual([
        400,
        [{ field: c.field, message: 'must not contain a NUL character' }],
      ]);
    },
  );

  // A lone surrogate reaches a query string or a path only as its UTF-8-like bytes (%ED%A0%80), which
  // are not UTF-8: they are refused as a body's would be, not kept as the literal text "%ED%A0%80".
  it.each(urlCases.filter((c) => c.field.startsWith('query')).map((c) => [c.name, c] as const))(
    'refuses an unpaired UTF-16 surrogate in the %s',
    async (_name, c) => {
      const res = await send(w, { ...c, url: () => c.url().replace('%00', '%ED%A0%80') });
      expect([res.statusCode, res.json().errors]).toEqual([
        400,
        [{ field: c.field, message: 'must not contain an unpaired UTF-16 surrogate' }],
      ]);
    },
  );

  it('refuses a path whose percent-encoded bytes are not UTF-8', async () => {
    const res = await w.fan.api.get('/v1/users/images/public_id/a%ED%A0%80b');
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: "The address's path is not valid: it must be UTF-8, percent-encoded.", code: 'bad_path' },
    ]);
  });

  it('refuses a query string whose percent-encoded bytes are not UTF-8', async () => {
    const res = await w.fan.api.get('/v1/users/discover?q=caf%E9');
    expect([res.statusCode, res.json().errors]).toEqual([
      400,
      [{ field: 'query.q', message: 'must be UTF-8, percent-encoded' }],
    ]);
  });

  it('refuses a NUL character in a field name', async () => {
    const res = await w.creator.api.post('/v1/users/tags', { tag: 'fine', [`x${NUL}`]: 1 });
    expect([res.statusCode, res.json().errors]).toEqual([
      400,
      [{ field: 'body', message: 'field names must not contain a NUL character' }],
    ]);
  });

  it('finds a NUL character however deep it is nested', async () => {
    const depth = 100_000;
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/v1/users/tags',
      headers: { 'access-token': w.creator.token, 'content-type': 'application/json' },
      payload: `{"tag":"fine","nested":${'['.repeat(depth)}"deep\\u0000"${']'.repeat(depth)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(`body.nested${'.0'.repeat(depth)}`);
  });

  it('refuses a JSON body that is not valid UTF-8 instead of storing replacement characters', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/v1/users/tags',
      headers: { 'access-token': w.creator.token, 'content-type': 'application/json' },
      payload: Buffer.concat([Buffer.from('{"tag":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: 'The request body is not valid UTF-8.', code: 'invalid_utf8' },
    ]);
  });

  it.each([
    [
      'a charset other than UTF-8',
      { 'content-type': 'application/json; charset=latin1' },
      'unsupported_charset',
    ],
    [
      'a compressed body',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      'unsupported_encoding',
    ],
  ])('refuses %s with a 415', async (_name, headers, code) => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/v1/users/tags',
      headers: { 'access-token': w.creator.token, ...headers },
      payload: '{"tag":"fine"}',
    });
    expect([res.statusCode, res.json().code]).toEqual([415, code]);
  });
});

describe('text that is fine', () => {
  it('keeps emoji, which are surrogate pairs in UTF-16', async () => {
    const res = await w.fan.api.post('/v1/messages', text(w.creator.user.id, 'hi 😀 𝄞'));
    expect([res.statusCode, res.json().data.text]).toEqual([200, 'hi 😀 𝄞']);
  });
});
