import { person } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /v1/users/blocked', () => {
  it('lists whom I blocked, newest first, a page at a time; unblocking takes them off', async () => {
    const me = await person(t);
    const [a, b, c] = [
      await person(t, { type: 'featured' }),
      await person(t, { type: 'featured' }),
      await person(t),
    ];
    const someoneElse = await person(t);
    for (const p of [a, b, c])
      expect((await me.api.post(`/v1/users/${p.user.id}/block`)).statusCode).toBe(200);
    await someoneElse.api.post(`/v1/users/${a.user.id}/block`);

    const first = (await me.api.get('/v1/users/blocked?limit=2')).json();
    expect(first.data.map((r: { user: { _id: string } }) => r.user._id)).toEqual([c.user.id, b.user.id]);
    expect(first.data[0]).toMatchObject({
      user: { username: c.user.username },
      blocked_at: expect.any(String),
    });
    expect(first.next).toBe('/v1/users/blocked?limit=2&offset=2');
    const second = (await me.api.get(first.next)).json();
    expect(second).toEqual({
      data: [expect.objectContaining({ user: expect.objectContaining({ _id: a.user.id }) })],
      next: null,
    });

    expect((await me.api.delete(`/v1/users/${b.user.id}/block`)).statusCode).toBe(200);
    const after = (await me.api.get('/v1/users/blocked')).json();
    expect(after.data.map((r: { user: { _id: string } }) => r.user._id)).toEqual([c.user.id, a.user.id]);
    // Someone else's list is their own.
    const theirs = (await someoneElse.api.get('/v1/users/blocked')).json();
    expect(theirs.data.map((r: { user: { _id: string } }) => r.user._id)).toEqual([a.user.id]);
    expect((await me.api.get('/v1/users/blocked?limit=0')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/v1/users/blocked' })).statusCode).toBe(401);
  });
});
