import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  canaryBucket,
  canaryIdCookie,
  registry as registrySchema,
  type Registry,
  type RegistryRemote,
  type RemoteName,
} from '@cove/contracts';
import { writeRegistry } from '../src/release/registry-store';
import { createTestApp, type TestApp } from './helpers/test-app';

const template =
  '<!doctype html><html><head><title>Cove</title><script defer src="/main.0123abcd.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

let t: TestApp;
let mfDir: string;

/** A published version's folder with the manifest the federation runtime reads. */
function publishBuild(remote: RemoteName, version: string) {
  const dir = join(mfDir, remote, version);
  mkdirSync(dir, { recursive: true });
  const manifest = {
    name: `cove_${remote}`,
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared: [],
    exposes: [
      {
        path: './App',
        assets: {
          js: { sync: [`app.${version}.js`], async: [`lazy.${version}.js`] },
          css: { sync: [`app.${version}.css`], async: [] },
        },
      },
    ],
  };
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
}

const remoteEntry = (current: string, canary: RegistryRemote['canary'] = null): RegistryRemote => ({
  current,
  canary,
  versions: [{ version: current, publishedAt: '2026-11-01T10:00:00.000Z', contentHash: 'a'.repeat(64) }],
  history: [{ at: '2026-11-01T10:00:00.000Z', action: 'publish', from: null, to: current }],
});

const release = (remotes: Registry['remotes']) =>
  writeRegistry(join(mfDir, 'registry.json'), {
    schemaVersion: 1,
    updatedAt: '2026-11-01T10:00:00.000Z',
    remotes,
  });

const stable: Registry['remotes'] = {
  chat: remoteEntry('chat-1'),
  discover: remoteEntry('discover-1'),
  account: remoteEntry('account-1'),
  payouts: remoteEntry('payouts-1'),
};

beforeAll(async () => {
  const shellDir = mkdtempSync(join(tmpdir(), 'cove-shell-'));
  writeFileSync(join(shellDir, 'index.html'), template);
  t = await createTestApp({ shellDir });
  mfDir = join(t.config.dataDir, 'mf');
  for (const [remote, version] of [
    ['chat', 'chat-0'],
    ['chat', 'chat-1'],
    ['chat', 'chat-2'],
    ['discover', 'discover-1'],
    ['account', 'account-1'],
    ['payouts', 'payouts-1'],
  ] as const)
    publishBuild(remote, version);
});
beforeEach(() => release(stable));
afterAll(() => t.close());

const open = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': '', ...headers } });

/** The page's `<link rel="preload">` tags, each as its attributes. */
function preloads(html: string): Record<string, string>[] {
  return [...html.matchAll(/<link( rel="preload"[^>]*)>/g)].map((m) =>
    Object.fromEntries(
      [...(m[1] ?? '').matchAll(/ ([a-z]+)(?:="([^"]*)")?/g)].map((a) => [a[1] ?? '', a[2] ?? '']),
    ),
  );
}
const preloadedUrls = (html: string) => preloads(html).map((p) => p.href);

/** The registry the page carries, as the shell parses it. */
function inlinedRegistry(html: string): Registry {
  const json = /<script type="application\/json" id="cove-registry">(.*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('the page carries no registry');
  return registrySchema.parse(JSON.parse(json));
}

const ids = Array.from({ length: 40 }, (_, i) => `browser-id-${i}`);
const inCanary = ids.find((id) => canaryBucket(id, 'chat') < 50) ?? '';
const inStable = ids.find((id) => canaryBucket(id, 'chat') >= 50) ?? '';

describe('the shell page', () => {
  it('preloads the route’s remote: its manifest as the runtime fetches it, its entry and ./App’s first chunks', async () => {
    const res = await open('/chats/42');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(preloads(res.body)).toEqual([
      { rel: 'preload', as: 'fetch', href: '/mf/chat/chat-1/mf-manifest.json', crossorigin: '' },
      { rel: 'preload', as: 'script', href: '/mf/chat/chat-1/remoteEntry.js' },
      { rel: 'preload', as: 'style', href: '/mf/chat/chat-1/app.chat-1.css' },
      { rel: 'preload', as: 'script', href: '/mf/chat/chat-1/app.chat-1.js' },
    ]);
    // Written into the head, before the shell's own script runs.
    expect(res.body.indexOf('rel="preload"')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('starts a return visit’s first reads with a script its own content security policy allows, and no other', async () => {
    const res = await open('/discover');
    const inline = [...res.body.matchAll(/<script>(.*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc?.split(' ')).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it.each([
    ['/discover', 'discover-1'],
    ['/', 'discover-1'],
    ['/creators/abc?tab=posts', 'discover-1'],
    ['/account/settings', 'account-1'],
    ['/account/earnings/summary', 'payouts-1'],
    // A public page's remote, even for a name nobody has (its page says so, answered 404).
    ['/nowhere', 'discover-1'],
  ])('preloads only the remote %s shows', async (url, version) => {
    const urls = preloadedUrls((await open(url)).body);
    expect(urls).toHaveLength(4);
    expect(urls.every((u) => u?.includes(`/${version}/`))).toBe(true);
  });

  it.each(['/login', '/maintenance', '/nowhere/deeper', '/terms'])(
    'preloads no remote on %s, the shell’s own (or unknown) page, and still carries the registry',
    async (url) => {
      const res = await open(url);
      expect(res.statusCode).toBe(200);
      expect(preloadedUrls(res.body)).toEqual([]);
      expect(inlinedRegistry(res.body).remotes.chat?.current).toBe('chat-1');
    },
  );

  it('keeps server paths out of it', async () => {
    expect((await open('/v1/nothing-here')).json()).toMatchObject({ message: 'Not found' });
    expect((await open('/mf/chat/chat-1/missing.js')).statusCode).toBe(404);
  });

  it('carries what the shell picks versions by, without the versions and history', async () => {
    await release({ ...stable, chat: remoteEntry('chat-1', canary(50)) });
    const reg = inlinedRegistry((await open('/login')).body);
    expect(reg.remotes.chat).toEqual({ current: 'chat-1', canary: canary(50), versions: [], history: [] });
    expect(Object.keys(reg.remotes).sort()).toEqual(['account', 'chat', 'discover', 'payouts']);
  });

  it('sends the same page as brotli, gzip or plain per Accept-Encoding', async () => {
    const plain = (await open('/chats')).body;
    const br = await open('/chats', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await open('/chats', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });
});

function canary(percent: number): NonNullable<RegistryRemote['canary']> {
  return { version: 'chat-2', percent, startedAt: '2026-11-02T10:00:00.000Z' };
}

describe('canary and rollback', () => {
  const withId = (id: string) => ({ cookie: `theme=dark; ${canaryIdCookie}=${id}; other=1` });

  it('preloads the version the browser’s id picks, as the shell will', async () => {
    await release({ ...stable, chat: remoteEntry('chat-1', canary(50)) });
    expect(preloadedUrls((await open('/chats', withId(inCanary))).body)[0]).toBe(
      '/mf/chat/chat-2/mf-manifest.json',
    );
    expect(preloadedUrls((await open('/chats', withId(inStable))).body)[0]).toBe(
      '/mf/chat/chat-1/mf-manifest.json',
    );
  });

  it('preloads nothing of a canaried remote for a browser without an id, other remotes as usual', async () => {
    await release({ ...stable, chat: remoteEntry('chat-1', canary(50)) });
    expect(preloadedUrls((await open('/chats')).body)).toEqual([]);
    expect(preloadedUrls((await open('/chats', withId('no good!'))).body)).toEqual([]);
    expect(preloadedUrls((await open('/discover')).body)[0]).toBe('/mf/discover/discover-1/mf-manifest.json');
  });

  it('points the next page at the version a rollback or canary end leaves current', async () => {
    await release({ ...stable, chat: remoteEntry('chat-1', canary(50)) });
    expect(preloadedUrls((await open('/chats', withId(inCanary))).body)[0]).toContain('/chat-2/');
    await release({ ...stable, chat: remoteEntry('chat-1') });
    expect(preloadedUrls((await open('/chats', withId(inCanary))).body)[0]).toContain('/chat-1/');
    await release({ ...stable, chat: remoteEntry('chat-0') });
    const page = (await open('/chats', withId(inCanary))).body;
    expect(preloadedUrls(page)[0]).toBe('/mf/chat/chat-0/mf-manifest.json');
    expect(inlinedRegistry(page).remotes.chat?.current).toBe('chat-0');
  });

  it('sends the page without registry or preloads when the registry cannot be read, so the shell fetches it', async () => {
    writeFileSync(join(mfDir, 'registry.json'), '{ not json');
    const res = await open('/chats');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('cove-registry');
    expect(preloadedUrls(res.body)).toEqual([]);
    expect(res.body.replace(/<script>.*?<\/script>/, '')).toBe(template);
  });
});
