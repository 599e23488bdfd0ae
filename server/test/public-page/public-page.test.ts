import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstScreenElementId, publicCreatorEnvelope } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { type Party, person } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { post, readyPhoto } from '../feed/world';

const template =
  '<!doctype html><html><head><title>Cove</title><script defer src="/main.0123abcd.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

let t: TestApp;
beforeAll(async () => {
  const shellDir = mkdtempSync(join(tmpdir(), 'cove-shell-'));
  writeFileSync(join(shellDir, 'index.html'), template);
  t = await createTestApp({ shellDir, env: { TRUST_PROXY: 'true', COUNTRY_HEADER: 'X-Country' } });
});
afterAll(() => t.close());

const listed = { type: 'featured', discoverStatus: 'featured' } as const;
let n = 0;
const creator = (values: Parameters<typeof person>[1] = {}) =>
  person(t, { ...listed, username: `pub-creator-${++n}`, ...values });

const api = (username: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/v1/public/creators/${username}`, headers });
const page = (path: string, headers: Record<string, string> = {}) => t.app.inject({ url: path, headers });
/** The content of a `<meta>` tag of the page, as the HTML holds it (still escaped). */
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1] ?? null;

describe('GET /v1/public/creators/:username', () => {
  let luna: Party;
  let open: string;
  let locked: string[];
  beforeAll(async () => {
    luna = await creator({
      bio: 'Songs and stories',
      tags: ['music'],
      subscriptionPrice: 120,
      creditRate: 20,
      avatarUrl: '/media/public/luna.jpg',
      coverUrl: '/media/public/luna-cover.jpg',
    });
    await post(luna, { type: 'text', text: 'Hello everyone' });
    open = (await readyPhoto(t, luna)).media_id;
    await post(luna, { type: 'image', media_id: open, text: 'Free photo' });
    locked = [];
    for (const body of [
      { audience: 'user', price: 50, text: 'Backstage, early\nthe rest' },
      { audience: 'subscriber', price: 0, text: 'For subscribers' },
      { audience: 'follower', price: 0, text: 'For followers' },
      { audience: 'fan', price: 0, text: 'For fans' },
    ]) {
      const media = (await readyPhoto(t, luna)).media_id;
      locked.push(media);
      await post(luna, { type: 'image', media_id: media, ...body });
    }
  });

  it('shows anyone the profile, counts, prices, open posts whole and locked ones as teasers', async () => {
    const res = await api(luna.user.username ?? '');
    expect(res.statusCode).toBe(200);
    const { data } = publicCreatorEnvelope.parse(res.json());
    expect(data).toMatchObject({
      _id: luna.user.id,
      username: luna.user.username,
      bio: 'Songs and stories',
      tags: ['music'],
      avatar_url: '/media/public/luna.jpg',
      cover_url: '/media/public/luna-cover.jpg',
      subscription_price: 120,
      credit_rate: 20,
      counts: { followers: 0, posts: 6, photos: 5, videos: 0 },
    });
    expect(data.posts.map((p) => [p.text, p.unlocked, p.unlock_by])).toEqual([
      ['', false, 'fan'],
      ['', false, 'follow'],
      ['', false, 'subscribe'],
      ['', false, 'buy'],
      ['Free photo', true, null],
      ['Hello everyone', true, null],
    ]);
    const paid = data.posts[3];
    expect(paid).toMatchObject({ teaser: 'Backstage, early', price: 50, type: 'image', media: null });
    // The open photo is served to a visitor with no account, from the URL the page got.
    const free = data.posts[4]?.media;
    expect(free?.media_id).toBe(open);
    const still = await t.app.inject({ url: free?.st ?? '' });
    expect(still.statusCode).toBe(200);
    expect(still.headers['content-type']).toMatch(/^image\//);
  });

  it('gives no URL of locked media in any rendition, blurred ones included', async () => {
    const body = (await api(luna.user.username ?? '')).body;
    for (const id of locked) expect(body).not.toContain(id);
    const urls = body.match(/\/media\/[A-Za-z0-9_-]{20,}\/[a-z0-9]+\.[a-z0-9]+/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((u) => u.includes('/bl.'))).toEqual([]);
    for (const url of urls) {
      const grant = t.app.media.signer.verify(url.split('/')[2] ?? '', url.split('/')[3] ?? '');
      expect(grant?.mediaId).toBe(open);
    }
  });

  it('draws the page before any script: profile, counts, prices and posts’ words, no post media', async () => {
    const res = await page(`/${luna.user.username}`);
    const html = res.body;
    const screen = html.slice(
      html.indexOf(`<div id="${firstScreenElementId}">`),
      html.indexOf('<div id="root">'),
    );
    expect(screen).toContain('Songs and stories');
    expect(screen).toContain('<li>#music</li>');
    expect(screen).toContain('<b>6</b>Posts');
    expect(screen).toContain('$2.00 per message · $12.00 per month');
    expect(screen).toContain('<img src="/media/public/luna-cover.jpg"');
    expect(screen).toContain('Hello everyone');
    expect(screen).toContain('Backstage, early <small>Unlock for $5.00</small>');
    expect(screen).not.toContain('the rest');
    // Not one media address, open or locked: a post's media comes with the app.
    expect(screen).not.toMatch(/\/media\/(?!public\/)/);
    for (const id of [open, ...locked]) expect(html).not.toContain(id);
    // Nobody's page draws nothing.
    const missing = await page('/nobody-here-at-all');
    expect(missing.body).not.toContain(firstScreenElementId);
  });

  it('finds the name in any letter case, and answers 404 for nobody’s name', async () => {
    expect((await api((luna.user.username ?? '').toUpperCase())).statusCode).toBe(200);
    const res = await api('nobody-has-this');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'User Cannot Be Found Or Does Not Exist' });
  });
});

describe('who has a public page', () => {
  it('is 404 with noindex for invisible, restricted, banned, terminated, leaving creators and fans', async () => {
    const hidden = [
      await creator({ invisible: true }),
      await creator({ requiresModeration: true }),
      await creator({ discoverStatus: 'denied' }),
      await creator({ bannedAt: new Date() }),
      await creator({ terminatedAt: new Date() }),
      await creator({ deleteAt: new Date(Date.now() + 86_400_000) }),
      await person(t, { type: 'user', username: `pub-fan-${++n}` }),
    ];
    for (const p of hidden) {
      const name = p.user.username ?? '';
      expect((await api(name)).statusCode).toBe(404);
      const html = await page(`/${name}`);
      expect(html.statusCode).toBe(404);
      expect(metaOf(html.body, 'robots')).toBe('noindex');
      expect(html.body).not.toContain(name);
    }
  });

  it('opens a no_discover creator by link, marked noindex and left out of the sitemap', async () => {
    const quiet = await creator({ features: { no_discover: true } });
    const shown = await creator();
    expect((await api(quiet.user.username ?? '')).statusCode).toBe(200);
    const html = await page(`/${quiet.user.username}`);
    expect(html.statusCode).toBe(200);
    expect(metaOf(html.body, 'robots')).toBe('noindex');
    expect(metaOf((await page(`/${shown.user.username}`)).body, 'robots')).toBeNull();
    const sitemap = (await page('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>http://localhost:8080/${shown.user.username}</loc>`);
    expect(sitemap).not.toContain(`/${quiet.user.username}<`);
  });

  it('refuses visitors from a country the creator closed, with the region rule’s 451', async () => {
    const closed = await creator({ blockedCountries: ['DE'] });
    const name = closed.user.username ?? '';
    const refused = await api(name, { 'x-country': 'DE' });
    expect(refused.statusCode).toBe(451);
    expect(refused.json()).toMatchObject({ message: 'Sorry this creator not available in your country' });
    expect((await api(name, { 'x-country': 'FR' })).statusCode).toBe(200);
    expect((await api(name)).statusCode).toBe(200);
    const html = await page(`/${name}`, { 'x-country': 'DE' });
    expect(html.statusCode).toBe(451);
    expect(metaOf(html.body, 'robots')).toBe('noindex');
    expect(metaOf(html.body, 'og:title')).toBeNull();
  });
});

describe('the page of /{username}', () => {
  it('writes the title, description, Open Graph and Twitter tags, escaped, with absolute URLs', async () => {
    const p = await creator({
      bio: 'Rock & "roll" <script>alert(1)</script>',
      avatarUrl: '/media/public/a.jpg',
    });
    const name = p.user.username ?? '';
    const res = await page(`/${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain(`<title>${name} on Cove</title>`);
    expect(html).not.toContain('<title>Cove</title>');
    expect(html).not.toContain('<script>alert(1)</script>');
    const description = 'Rock &amp; &quot;roll&quot; &lt;script&gt;alert(1)&lt;/script&gt;';
    expect(metaOf(html, 'description')).toBe(description);
    expect(metaOf(html, 'og:description')).toBe(description);
    expect(metaOf(html, 'og:title')).toBe(`${name} on Cove`);
    expect(metaOf(html, 'og:type')).toBe('profile');
    expect(metaOf(html, 'og:url')).toBe(`http://localhost:8080/${name}`);
    expect(metaOf(html, 'og:image')).toBe('http://localhost:8080/media/public/a.jpg');
    expect(metaOf(html, 'twitter:card')).toBe('summary');
    expect(metaOf(html, 'twitter:image')).toBe('http://localhost:8080/media/public/a.jpg');
    // The discover remote, which shows the page, is what the page preloads (none is released here).
    expect(html).toContain('<script defer src="/main.0123abcd.js"></script>');
  });

  it('falls back to the cover, then to a line of counts and price without a bio', async () => {
    const p = await creator({ coverUrl: '/media/public/c.jpg', subscriptionPrice: 50 });
    const html = (await page(`/${p.user.username}`)).body;
    expect(metaOf(html, 'og:image')).toBe('http://localhost:8080/media/public/c.jpg');
    expect(metaOf(html, 'description')).toBe(
      `0 posts on Cove. Message ${p.user.username}, subscribe for $5.00 a month.`,
    );
  });

  it('sends a former username to the current page with 301, until someone else takes the name', async () => {
    const p = await creator();
    const old = p.user.username ?? '';
    const renamed = `${old}-new`;
    expect((await p.api.patch(`/v1/users/${p.user.id}`, { username: renamed })).statusCode).toBe(200);
    const moved = await page(`/${old}?code=${old}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/${renamed}?code=${old}`);
    expect((await api(old)).json().data.username).toBe(renamed);
    // Someone else takes the name: it is theirs now.
    const next = await creator({ username: `${old}-x` });
    await t.db.update(users).set({ username: old }).where(eq(users.id, next.user.id));
    const theirs = await page(`/${old}`);
    expect(theirs.statusCode).toBe(200);
    expect(metaOf(theirs.body, 'og:url')).toBe(`http://localhost:8080/${old}`);
  });

  it('leaves Cove’s own paths alone: never a public page, never a username', async () => {
    const login = await page('/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<title>Cove</title>');
    expect(metaOf(login.body, 'og:title')).toBeNull();
    for (const path of ['/v1', '/discover', '/icons'])
      expect(metaOf((await page(path)).body, 'og:title')).toBeNull();
    const fan = await person(t, { type: 'user' });
    for (const name of ['login', 'Discover', 'account', 'creators', 'sandbox', 'icons', 'dev', 'api']) {
      const check = await fan.api.get(`/v1/username-available?username=${name}`);
      expect(check.json()).toEqual({ available: false, message: 'This Username Has Already Been Taken' });
      const res = await fan.api.patch(`/v1/users/${fan.user.id}`, { username: name });
      expect(res.statusCode).toBe(409);
    }
  });
});

describe('robots.txt', () => {
  it('opens public pages, closes what is behind sign-in and names the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /v1/');
    expect(res.body).toContain('Disallow: /account');
    expect(res.body).toContain('Sitemap: http://localhost:8080/sitemap.xml');
  });
});
