import { person } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

const site = 'http://localhost:8080';

describe('where uploads go', () => {
  describe('by default', () => {
    let t: TestApp;
    beforeAll(async () => {
      // Without dev remotes, which a developer's page may also load from localhost (npm run dev).
      t = await createTestApp({ env: { PUBLIC_URL: site, ALLOW_DEV_REMOTES: 'false' } });
    });
    afterAll(() => t.close());

    it('names a path on the origin the page was opened on, whatever its name', async () => {
      const me = await person(t);
      const res = await me.api.get('/v1/media/config');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ upload_url: '/v1/media' });
    });

    it('lets the page connect to its own origin only', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/connect-src 'self' ws: wss:(;|$)/);
    });
  });

  describe('with UPLOAD_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { PUBLIC_URL: site, UPLOAD_URL: 'https://upload.cove.test/' } });
    });
    afterAll(() => t.close());

    it('names the upload host, which the page may connect to', async () => {
      const me = await person(t);
      expect((await me.api.get('/v1/media/config')).json()).toMatchObject({
        upload_url: 'https://upload.cove.test/v1/media',
      });
      const page = await t.app.inject({ method: 'GET', url: '/' });
      expect(String(page.headers['content-security-policy'])).toContain('https://upload.cove.test');
    });

    it("answers the public site's preflight and no other", async () => {
      const preflight = (origin: string) =>
        t.app.inject({
          method: 'OPTIONS',
          url: '/v1/media',
          headers: { origin, 'access-control-request-method': 'POST' },
        });
      const ok = await preflight(site);
      expect(ok.statusCode).toBe(204);
      expect(ok.headers['access-control-allow-origin']).toBe(site);
      expect((await preflight('https://elsewhere.test')).statusCode).toBe(403);
    });
  });
});
