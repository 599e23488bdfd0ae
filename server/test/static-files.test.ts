import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Large enough to be worth compressing, and different per file so a mix-up shows. */
const script = (name: string) =>
  `/* ${name} */\n${'export const greeting = "hello from Cove";\n'.repeat(200)}`;
const page = `<!doctype html><title>Cove</title><div id="root"></div>${'<!-- padding -->'.repeat(50)}`;
const manifestJson = JSON.stringify({ name: 'cove_chat', exposes: [], padding: 'x'.repeat(2000) });

/** A built file with the `.br` and `.gz` copies the build writes beside it. */
function writeBuilt(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

let t: TestApp;
beforeAll(async () => {
  const shellDir = mkdtempSync(join(tmpdir(), 'cove-shell-'));
  writeBuilt(join(shellDir, 'index.html'), page);
  writeBuilt(join(shellDir, 'main.0123abcd.js'), script('main'));
  writeBuilt(join(shellDir, 'mf-manifest.json'), manifestJson);
  writeFileSync(join(shellDir, 'service-worker.js'), 'self.x=1');
  // Built before the build compressed anything: sent as it is.
  writeFileSync(join(shellDir, 'old.4567cdef.js'), script('old'));
  t = await createTestApp({ shellDir });
  const mf = join(t.config.dataDir, 'mf');
  mkdirSync(join(mf, 'chat', '20261121-abc'), { recursive: true });
  writeFileSync(join(mf, 'registry.json'), '{"remotes":{}}');
  writeFileSync(join(mf, 'audit.log'), 'secret history');
  writeFileSync(join(t.config.dataDir, 'secret.txt'), 'top secret');
  writeBuilt(join(mf, 'chat', '20261121-abc', 'remoteEntry.js'), script('chat'));
  writeBuilt(join(mf, 'chat', '20261121-abc', 'mf-manifest.json'), manifestJson);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const getWith = (url: string, acceptEncoding: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  identity: (body) => body,
};

/** Fetches `url` as a browser offering `acceptEncoding` would, and checks what arrives. */
async function expectSent(url: string, acceptEncoding: string, expected: { encoding: string; text: string }) {
  const res = await getWith(url, acceptEncoding);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding'] ?? 'identity').toBe(expected.encoding);
  expect(res.headers.vary).toMatch(/accept-encoding/i);
  expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  const decode = decoders[expected.encoding];
  if (!decode) throw new Error(`no decoder for ${expected.encoding}`);
  expect(decode(res.rawPayload).toString()).toBe(expected.text);
  return res;
}

const browser = 'gzip, deflate, br, zstd';

describe('the built shell', () => {
  it('serves the shell page at / and for client routes, never kept by a shared cache', async () => {
    for (const url of ['/', '/chats/123', '/account/settings/privacy']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('private, no-cache');
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

describe('compressed delivery', () => {
  it('sends the shell page, for / and client routes, as brotli, gzip or plain per Accept-Encoding', async () => {
    for (const url of ['/', '/chats/123']) {
      const br = await expectSent(url, browser, { encoding: 'br', text: page });
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(br.headers['cache-control']).toBe('private, no-cache');
      await expectSent(url, 'gzip, deflate', { encoding: 'gzip', text: page });
      await expectSent(url, '', { encoding: 'identity', text: page });
    }
  });

  it('sends hashed scripts compressed with their own type, cached for a year whatever the encoding', async () => {
    const text = script('main');
    for (const [acceptEncoding, encoding] of [
      [browser, 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', 'identity'],
    ] as const) {
      const res = await expectSent('/main.0123abcd.js', acceptEncoding, { encoding, text });
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const plain = await get('/main.0123abcd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);
  });

  it('keeps the shell’s manifest uncached, compressed or not', async () => {
    const res = await expectSent('/mf-manifest.json', browser, { encoding: 'br', text: manifestJson });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const res = await expectSent('/old.4567cdef.js', browser, { encoding: 'identity', text: script('old') });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a published remote’s files compressed and immutable, the registry uncached', async () => {
    for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
      const text = file === 'remoteEntry.js' ? script('chat') : manifestJson;
      const res = await expectSent(`/mf/chat/20261121-abc/${file}`, browser, { encoding: 'br', text });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      await expectSent(`/mf/chat/20261121-abc/${file}`, 'gzip', { encoding: 'gzip', text });
      await expectSent(`/mf/chat/20261121-abc/${file}`, '', { encoding: 'identity', text });
    }
    const registry = await expectSent('/mf/registry.json', browser, {
      encoding: 'identity',
      text: '{"remotes":{}}',
    });
    expect(registry.headers['cache-control']).toBe('no-cache');
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
