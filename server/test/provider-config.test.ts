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
    expect(body.bot_check).toEqual({ mode: 'off', site_key: null });
  });

  it('hands the browser the Turnstile site key and lets its widget load', async () => {
    const withBot = await createTestApp({
      env: { BOT_CHECK: 'turnstile', TURNSTILE_SITE_KEY: 'site-123', TURNSTILE_SECRET_KEY: 'secret' },
    });
    const res = await withBot.app.inject({ url: '/v1/provider/config?platform=react' });
    expect(res.json().bot_check).toEqual({ mode: 'turnstile', site_key: 'site-123' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc?.split(' ')).toContain('https://challenges.cloudflare.com');
    expect(JSON.stringify(res.json())).not.toContain('secret');
    await withBot.close();
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
