import { person } from './helpers/chats';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const names = (res: { json(): { data: { username: string }[] } }) => res.json().data.map((p) => p.username);

describe('GET /v1/users/discover', () => {
  it('lists discoverable creators, online first, with the spec filters', async () => {
    const fan = await person(t);
    await person(t, {
      type: 'featured',
      username: 'ana-star',
      gender: 'female',
      discoverStatus: 'featured',
      lastOnline: new Date(Date.now() - 3_600_000),
    });
    await person(t, {
      type: 'featured',
      username: 'ben-star',
      gender: 'male',
      discoverStatus: 'featured',
      isOnline: true,
    });
    await person(t, { type: 'featured', username: 'cy-star', gender: 'trans', discoverStatus: 'hidden' });
    await person(t, { type: 'featured', username: 'dee-denied', gender: 'female', discoverStatus: 'denied' });
    await person(t, {
      type: 'featured',
      username: 'eve-invisible',
      gender: 'female',
      discoverStatus: 'featured',
      invisible: true,
    });
    await person(t, {
      type: 'featured',
      username: 'fay-banned',
      discoverStatus: 'featured',
      bannedAt: new Date(),
    });
    await person(t, { type: 'user', username: 'gil-fan' });

    const featured = await fan.api.get('/v1/users/discover?offset=0&limit=20&featured=true');
    expect(featured.statusCode).toBe(200);
    expect(names(featured)).toEqual(['ben-star', 'ana-star']);
    expect(featured.json().data[0]).toMatchObject({ type: 'featured', gender: 'male', is_online: true });

    expect(names(await fan.api.get('/v1/users/discover?featured=false'))).toEqual([
      'ben-star',
      'ana-star',
      'cy-star',
    ]);
    expect(names(await fan.api.get('/v1/users/discover?featured=false&gender=female,trans'))).toEqual([
      'ana-star',
      'cy-star',
    ]);
    expect(names(await fan.api.get('/v1/users/discover?featured=false&q=BEN'))).toEqual(['ben-star']);
    expect(names(await fan.api.get('/v1/users/discover?featured=false&type=near'))).toHaveLength(3);

    const page = await fan.api.get('/v1/users/discover?featured=false&limit=2');
    expect(page.json().next).toBe('/v1/users/discover?offset=2&limit=2&featured=false');
    expect(names(await fan.api.get(page.json().next))).toEqual(['cy-star']);
  });

  it('needs a signed-in person and never lists the asker', async () => {
    expect((await t.app.inject({ url: '/v1/users/discover' })).statusCode).toBe(401);
    const creator = await person(t, { type: 'featured', username: 'me-myself', discoverStatus: 'featured' });
    expect(names(await creator.api.get('/v1/users/discover?q=me-myself'))).toEqual([]);
  });
});
