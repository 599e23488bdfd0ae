import { users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/v1/test/boom', async () => {
        throw new Error('secret connection string postgres://admin:pw@db');
      });
      app.post('/v1/test/parse-bug', async () => JSON.parse('{"stored": ') as unknown);
    },
  });
});
afterAll(() => t.close());

describe('error answers', () => {
  it('answers an unknown route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('answers malformed JSON with a clear 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: '{"remote": "chat",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'malformed_json' });
  });

  it('masks a SyntaxError thrown by server code as a 500, not a bad-JSON 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/test/parse-bug', payload: { ok: true } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong. Please try again later.',
      code: 'internal_error',
    });
  });

  it('names the field that fails its schema', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/client-errors',
      payload: { remote: 'chat', version: '1', phase: 'boot', message: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation');
    // zod's English text: zod/mini alone would say only "Invalid input".
    expect(body.message).toBe('body.phase: Invalid option: expected one of "load"|"render"');
    expect(body.errors).toEqual([expect.objectContaining({ field: 'body.phase' })]);
  });

  it('masks the details of a server failure', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong. Please try again later.',
      code: 'internal_error',
    });
    expect(res.body).not.toContain('postgres://');
  });

  it('accepts a remote failure report without writing anything', async () => {
    const before = await t.db.$count(users);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/client-errors',
      payload: { remote: 'chat', version: '2026.1', phase: 'load', message: 'ChunkLoadError' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const after = await t.db.$count(users);
    expect(after).toBe(before);
  });
});
