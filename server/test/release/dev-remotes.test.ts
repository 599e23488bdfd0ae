import { pageScriptHash } from '../../src/inline-script';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The page's `script-src` sources, in order. */
const scriptSources = (csp: string) =>
  csp
    .split(';')
    .find((d) => d.startsWith('script-src '))
    ?.split(' ')
    .slice(1);

describe('dev remotes (npm run dev)', () => {
  describe('allowed (outside production by default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('tells the shell it may run a remote from a dev server on this machine, and lets the page load it', async () => {
      const res = await t.app.inject({ url: '/dev/remotes' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ allowed: true });
      const page = await t.app.inject({ url: '/' });
      const csp = String(page.headers['content-security-policy']);
      expect(scriptSources(csp)).toEqual([
        "'self'",
        pageScriptHash,
        'http://localhost:*',
        'http://127.0.0.1:*',
      ]);
      expect(csp).toContain("connect-src 'self' ws: wss: http://localhost:* http://127.0.0.1:*");
    });
  });

  describe('in production', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { ALLOW_DEV_REMOTES: 'false' } });
    });
    afterAll(() => t.close());

    it('has no such route and lets the page load scripts from its own origin only (and its one inline script)', async () => {
      expect((await t.app.inject({ url: '/dev/remotes' })).statusCode).toBe(404);
      const page = await t.app.inject({ url: '/' });
      const csp = String(page.headers['content-security-policy']);
      expect(scriptSources(csp)).toEqual(["'self'", pageScriptHash]);
      expect(csp).not.toContain('localhost');
    });
  });
});
