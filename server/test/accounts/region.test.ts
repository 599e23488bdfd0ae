import { createTestApp, type TestApp } from '../helpers/test-app';
import { fanAndCreator, type Party, person, text } from '../helpers/chats';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', COUNTRY_HEADER: 'X-Country' } });
});
afterAll(() => t.close());

const sorry = [451, 'Sorry this creator not available in your country'];
/** A request as `who`, from `country` when given (the proxy's header). */
const ask = (who: Party, method: 'GET' | 'POST' | 'PUT', url: string, country?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { 'access-token': who.token, ...(country ? { 'x-country': country } : {}) },
    ...(payload ? { payload } : {}),
  });

describe('region', () => {
  it('answers the caller’s country from the configured proxy header, else unknown', async () => {
    const geo = (headers: Record<string, string>) => t.app.inject({ url: '/v1/geo_ip', headers });
    expect((await geo({ 'x-country': 'de' })).json()).toEqual({ ip: '127.0.0.1', country_code: 'DE' });
    expect((await geo({ 'cf-ipcountry': 'DE' })).json().country_code).toBeNull();
    expect((await geo({ 'x-country': 'XX' })).json().country_code).toBeNull();
  });

  it('lets a creator close their profile and chats to countries', async () => {
    const { creator } = await fanAndCreator(t);
    const url = '/v1/users/blocked-countries';
    expect((await ask(creator, 'GET', url)).json()).toEqual({ blocked_countries: [] });
    const set = await ask(creator, 'PUT', url, undefined, { blocked_countries: ['FR', 'DE', 'FR'] });
    expect(set.json()).toEqual({ blocked_countries: ['DE', 'FR'] });
    expect((await ask(creator, 'GET', url)).json()).toEqual({ blocked_countries: ['DE', 'FR'] });
    const bad = await ask(creator, 'PUT', url, undefined, { blocked_countries: ['Germany'] });
    expect(bad.statusCode).toBe(400);
    const fan = await person(t);
    expect((await ask(fan, 'PUT', url, undefined, { blocked_countries: [] })).statusCode).toBe(403);
  });

  it('refuses a fan in a blocked country the profile, the chat and sending, and nobody else', async () => {
    const { fan, creator } = await fanAndCreator(t, { credits: 100 });
    await ask(creator, 'PUT', '/v1/users/blocked-countries', undefined, { blocked_countries: ['DE'] });
    const id = creator.user.id;
    const asked = async (country?: string) => [
      await ask(fan, 'GET', `/v1/users/${id}/profile`, country),
      await ask(fan, 'GET', `/v1/chat?recipient_id=${id}`, country),
      await ask(fan, 'POST', '/v1/chat', country, { recipient_id: id }),
      await ask(fan, 'POST', '/v1/messages', country, text(id, 'Hello')),
    ];
    for (const res of await asked('DE')) expect([res.statusCode, res.json().message]).toEqual(sorry);
    for (const country of ['US', undefined])
      for (const res of await asked(country))
        expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);

    // The creator, even in that country, still reaches their own chats.
    const reply = await ask(creator, 'POST', '/v1/messages', 'DE', text(fan.user.id, 'Hi'));
    expect(reply.statusCode).toBe(200);
  });
});
