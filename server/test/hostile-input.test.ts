import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/rows';
import { fanAndCreator, type Party, text } from './helpers/chats';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let fan: Party;
let creator: Party;
let chatId: string;
let noteId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ fan, creator, chatId } = await fanAndCreator(t, { credits: 100, rate: 10 }));
  const note = await creator.api.post('/v1/chats/note', { id: chatId, note: 'likes cats' });
  noteId = note.json().data.id as string;
});
afterAll(() => t.close());

/** A digest of every table's rows: equal digests mean the requests in between changed nothing. */
async function databaseDigest(): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await t.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    ),
  );
  const digests = await Promise.all(
    tables.map(async ({ name }) => {
      const [row] = rowsOf<{ digest: string | null }>(
        await t.db.execute(
          sql`select md5(string_agg(t::text, ',' order by t::text)) as digest from ${sql.identifier(name)} t`,
        ),
      );
      return `${name}:${row?.digest ?? ''}`;
    }),
  );
  return digests.join(' ');
}

const NUL = '\u0000';
const LONE = '\ud800';
const dashes = '-'.repeat(36);

type Who = 'fan' | 'creator';
interface Case {
  name: string;
  who?: Who;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: () => string;
  payload?: () => object;
}

async function send(c: Case) {
  const party = c.who === 'creator' ? creator : fan;
  return t.app.inject({
    method: c.method,
    url: c.url(),
    headers: { 'access-token': party.token },
    ...(c.payload ? { payload: c.payload() } : {}),
  });
}

/** Requests that each carry `bad` in one string, and the field the answer must name. */
const stringCases = (bad: string): (Case & { field: string })[] => [
  {
    name: 'message text',
    method: 'POST',
    url: () => '/v1/messages',
    payload: () => text(creator.user.id, `hi${bad}`),
    field: 'body.text',
  },
  {
    name: 'send id',
    method: 'POST',
    url: () => '/v1/messages',
    payload: () => text(creator.user.id, 'hi', { send_id: `id${bad}` }),
    field: 'body.send_id',
  },
  {
    name: 'GIF URL',
    method: 'POST',
    url: () => '/v1/messages',
    payload: () => text(creator.user.id, '', { type: 'gif', gif_url: `https://media.giphy.com/${bad}.gif` }),
    field: 'body.gif_url',
  },
  {
    name: 'tip send id',
    method: 'POST',
    url: () => '/v1/messages/tip',
    payload: () => ({ chat_id: chatId, amount: 5, send_id: `id${bad}` }),
    field: 'body.send_id',
  },
  {
    name: 'new note',
    who: 'creator',
    method: 'POST',
    url: () => '/v1/chats/note',
    payload: () => ({ id: chatId, note: `note${bad}` }),
    field: 'body.note',
  },
  {
    name: 'edited note',
    who: 'creator',
    method: 'PATCH',
    url: () => `/v1/notes/${noteId}`,
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
    url: () => `/v1/users/${fan.user.id}`,
    payload: () => ({ code_used: `code${bad}` }),
    field: 'body.code_used',
  },
  {
    name: 'report reason',
    method: 'POST',
    url: () => `/v1/users/${creator.user.id}/report`,
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
    payload: () => ({ action: 'read', ids: [chatId, `x${bad}`] }),
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
  let before: string;
  beforeAll(async () => {
    before = await databaseDigest();
  });
  afterAll(async () => {
    expect(await databaseDigest()).toBe(before);
  });

  it.each(stringCases(NUL).map((c) => [c.name, c] as const))(
    'refuses a NUL character in the %s with a 400 naming the field',
    async (_name, c) => {
      const res = await send(c);
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
      const res = await send(c);
      expect([res.statusCode, res.json().errors]).toEqual([
        400,
        [{ field: c.field, message: 'must not contain an unpaired UTF-16 surrogate' }],
      ]);
    },
  );

  it.each(urlCases.map((c) => [c.name, c] as const))(
    'refuses a NUL character in the %s',
    async (_name, c) => {
      const res = await send(c);
      expect([res.statusCode, res.json().errors]).toEqual([
        400,
        [{ field: c.field, message: 'must not contain a NUL character' }],
      ]);
    },
  );

  it('refuses a NUL character in a field name', async () => {
    const res = await creator.api.post('/v1/users/tags', { tag: 'fine', [`x${NUL}`]: 1 });
    expect([res.statusCode, res.json().errors]).toEqual([
      400,
      [{ field: 'body', message: 'field names must not contain a NUL character' }],
    ]);
  });

  it('finds a NUL character however deep it is nested', async () => {
    const depth = 100_000;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/users/tags',
      headers: { 'access-token': creator.token, 'content-type': 'application/json' },
      payload: `{"tag":"fine","nested":${'['.repeat(depth)}"deep\\u0000"${']'.repeat(depth)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(`body.nested${'.0'.repeat(depth)}`);
  });

  it('refuses a JSON body that is not valid UTF-8 instead of storing replacement characters', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/users/tags',
      headers: { 'access-token': creator.token, 'content-type': 'application/json' },
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/users/tags',
      headers: { 'access-token': creator.token, ...headers },
      payload: '{"tag":"fine"}',
    });
    expect([res.statusCode, res.json().code]).toEqual([415, code]);
  });
});

describe('numbers and ids out of range', () => {
  let before: string;
  beforeAll(async () => {
    before = await databaseDigest();
  });
  afterAll(async () => {
    expect(await databaseDigest()).toBe(before);
  });

  it.each([
    [
      'a message id past 15 digits',
      () => `/v1/chats/${chatId}/messages?before=99999999999999999`,
      'query.before',
    ],
    [
      'a newer-than id past bigint',
      () => `/v1/chats/${chatId}/messages?last_message_id=99999999999999999999999`,
      'query.last_message_id',
    ],
    ['a chat list offset past a million', () => '/v1/chats?offset=99999999999999999999', 'query.offset'],
    ['a discover offset past 100,000', () => '/v1/users/discover?offset=4294967296', 'query.offset'],
    ['a limit past 100', () => `/v1/chats/${chatId}/messages?limit=2147483648`, 'query.limit'],
    ['an infinite number', () => '/v1/chats?v=1e400', 'query.v'],
  ])('refuses %s with a 400 naming the field', async (_name, url, field) => {
    const res = await fan.api.get(url());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
  });

  it('answers an id beyond the newest message with no messages', async () => {
    const res = await fan.api.get(`/v1/chats/${chatId}/messages?last_message_id=99999999`);
    expect([res.statusCode, res.json()]).toEqual([200, { data: [], next: null }]);
  });

  it.each([
    [
      'a tip amount past int4',
      '/v1/messages/tip',
      () => ({ chat_id: chatId, amount: 2 ** 31, send_id: 'x' }),
    ],
    ['a price past int4', '/v1/messages', () => text(fan.user.id, 'hi', { price: 2 ** 31 })],
    ['a rate past the limit', '/v1/chats/change-rate', () => ({ chat_id: chatId, rate: 1e20 })],
  ])('refuses %s with a 400', async (_name, url, payload) => {
    const res = await creator.api.post(url, payload());
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
      const res = await send({ ...c, who: 'creator' });
      expect(res.statusCode).toBe(404);
    },
  );

  it('skips an id that only looks like a UUID in a bulk edit', async () => {
    const res = await creator.api.patch('/v1/chats', { action: 'read', ids: [dashes] });
    expect([res.statusCode, res.json()]).toEqual([200, { updated: 0 }]);
  });
});

describe('text that is fine', () => {
  it('keeps emoji, which are surrogate pairs in UTF-16', async () => {
    const res = await fan.api.post('/v1/messages', text(creator.user.id, 'hi 😀 𝄞'));
    expect([res.statusCode, res.json().data.text]).toEqual([200, 'hi 😀 𝄞']);
  });
});

describe('upload forms', () => {
  const boundary = 'cove-form-boundary';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const end = `--${boundary}--\r\n`;
  const elevenFields = Array.from({ length: 11 }, (_, i) => field(`extra${i}`, 'x')).join('');
  const tooMany = { message: 'An upload form takes at most 10 fields besides the file.', code: 'validation' };

  const upload = (payload: string, contentType = `multipart/form-data; boundary=${boundary}`) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/media',
      headers: { 'access-token': creator.token, 'content-type': contentType },
      payload,
    });

  let before: string;
  beforeAll(async () => {
    before = await databaseDigest();
  });
  afterAll(async () => {
    expect(await databaseDigest()).toBe(before);
  });

  it('refuses a multipart body without a boundary with a 400', async () => {
    const res = await upload(field('type', 'message') + end, 'multipart/form-data');
    expect([res.statusCode, res.json()]).toEqual([
      400,
      {
        message: 'The upload form names no boundary: send it as multipart/form-data with its boundary.',
        code: 'validation',
      },
    ]);
  });

  it('answers a form with 11 text fields at once, before the client has finished sending it', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/v1/media',
          headers: {
            'access-token': creator.token,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(10 * 1024 * 1024),
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            resolve({ status: res.statusCode, body });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      // The body promises 10 MiB but stops once the 11th field is complete: the answer must not wait.
      req.write(`${elevenFields}--${boundary}\r\n`);
    });
    expect([answer.status, JSON.parse(answer.body)]).toEqual([400, tooMany]);
  });

  it('refuses 11 text fields before a file with the same 400', async () => {
    const res = await upload(elevenFields + fileHead + 'x'.repeat(300_000) + `\r\n${end}`);
    expect([res.statusCode, res.json()]).toEqual([400, tooMany]);
  });

  it('refuses a field over 1 KiB, naming it', async () => {
    const res = await upload(field('md5', 'a'.repeat(2000)) + end);
    expect([res.statusCode, res.json().errors]).toEqual([
      400,
      [{ field: 'body.md5', message: 'must be at most 1 KiB' }],
    ]);
  });

  it('refuses a NUL character in a field, naming it', async () => {
    const res = await upload(field('type', `message${NUL}`) + end);
    expect([res.statusCode, res.json().errors]).toEqual([
      400,
      [{ field: 'body.type', message: 'must not contain a NUL character' }],
    ]);
  });

  it.each([
    ['in its part headers', `--${boundary}\r\nContent-Disposition: form-da`],
    ['in its file', `${fileHead}${'x'.repeat(100_000)}`],
  ])('refuses a form cut off %s with a 400', async (_name, payload) => {
    const res = await upload(payload);
    expect([res.statusCode, res.json().code]).toEqual([400, 'validation']);
  });
});
