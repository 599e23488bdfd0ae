import { featureNames } from '@cove/contracts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { signedInUser } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const config = (headers: Record<string, string> = {}, query = '?platform=react') =>
  t.app.inject({ method: 'GET', url: `/v1/provider/config${query}`, headers });

describe('GET /v1/provider/config', () => {
  it('tells a visitor they are a guest and lists every feature and keyword list', async () => {
    const res = await config();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.is_guest).toBe(true);
    expect(Object.keys(body.features).sort()).toEqual([...featureNames].sort());
    expect(body.payment_keywords.split(',')).toContain('paypal');
    expect(body.app_keywords.split(',')).toContain('whatsapp');
    expect(typeof body.greeting_keywords).toBe('string');
    expect(typeof body.global_keywords).toBe('string');
  });

  it("applies the signed-in creator's own feature permissions over the defaults", async () => {
    const { token } = await signedInUser(t.db, {
      type: 'featured',
      features: { broadcast: false, crypto_payment: true },
    });
    const body = (await config({ 'access-token': token })).json();
    expect(body.is_guest).toBe(false);
    expect(body.features.broadcast).toBe(false);
    expect(body.features.crypto_payment).toBe(true);
    expect(body.features.vault).toBe(true);
  });

  it('requires platform=react', async () => {
    const res = await config({}, '');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('query.platform');
  });
});
