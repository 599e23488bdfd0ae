import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  const shellDir = mkdtempSync(join(tmpdir(), 'cove-shell-'));
  writeFileSync(join(shellDir, 'index.html'), '<!doctype html><title>Cove</title><div id="root"></div>');
  writeFileSync(join(shellDir, 'main.0123abcd.js'), 'console.log(1)');
  writeFileSync(join(shellDir, 'service-worker.js'), 'self.x=1');
  t = await createTestApp({ shellDir });
  const mf = join(t.config.dataDir, 'mf');
  mkdirSync(join(mf, 'chat', '20261121-abc'), { recursive: true });
  writeFileSync(join(mf, 'registry.json'), '{"remotes":{}}');
  writeFileSync(join(mf, 'audit.log'), 'secret history');
  writeFileSync(join(t.config.dataDir, 'secret.txt'), 'top secret');
  writeFileSync(join(mf, 'chat', '20261121-abc', 'remoteEntry.js'), 'var chat;');
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the built shell', () => {
  it('serves the shell page at / and for client routes, never cached', async () => {
    for (const url of ['/', '/chats/123', '/account/settings/privacy']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and plain ones not at all', async () => {
    const hashed = await get('/main.0123abcd.js');
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/service-worker.js')).headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await get('/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Not found');
  });
});

describe('the remote registry', () => {
  it('serves registry.json uncached and versioned builds immutable', async () => {
    const registry = await get('/mf/registry.json');
    expect(registry.statusCode).toBe(200);
    expect(registry.headers['cache-control']).toBe('no-cache');
    const entry = await get('/mf/chat/20261121-abc/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not serve the audit log or escape the folder', async () => {
    expect((await get('/mf/audit.log')).statusCode).toBe(404);
    expect((await get('/mf/chat/../audit.log')).statusCode).toBe(404);
    for (const url of ['/mf/%2e%2e/secret.txt', '/mf/..%2fsecret.txt', '/mf/chat/%2e%2e/%2e%2e/secret.txt']) {
      expect((await get(url)).body).not.toContain('top secret');
    }
  });
});
