import type { Response } from 'playwright-core';
import { ShellPage } from '../pages/shell-page';
import { journey } from '../support/journey';

// A new visitor on a phone, as Lighthouse's mobile run loads the site.
const run = journey('delivery', { context: { viewport: { width: 390, height: 844 }, isMobile: true } });

/** Files the build leaves uncompressed because a copy would save nearly nothing. */
const tinyBytes = 256;
const immutable = 'public, max-age=31536000, immutable';

describe('static delivery', () => {
  it('sends the first visit’s page, scripts and styles brotli-compressed, versioned files immutable', async () => {
    const responses: Response[] = [];
    run.page.on('response', (res) => {
      if (['document', 'script', 'stylesheet'].includes(res.request().resourceType())) responses.push(res);
    });
    const shell = new ShellPage(run.page, run.server.baseUrl);
    await shell.open('/');
    await shell.loadedVersion('discover');
    await shell.heading('Discover').waitFor();
    await run.page.waitForLoadState('networkidle');

    const sent = await Promise.all(
      responses.map(async (res) => ({
        path: new URL(res.url()).pathname,
        encoding: res.headers()['content-encoding'] ?? 'identity',
        cache: res.headers()['cache-control'],
        vary: res.headers().vary,
        bytes: (await res.body()).length,
      })),
    );
    const page = sent.find((s) => s.path === '/');
    expect(page).toMatchObject({ encoding: 'br', cache: 'no-cache' });
    const assets = sent.filter((s) => s.path !== '/');
    // The shell's scripts and the remote's, both present, so a check over an empty list cannot pass.
    expect(assets.some((s) => !s.path.startsWith('/mf/'))).toBe(true);
    expect(assets.some((s) => s.path.startsWith('/mf/discover/'))).toBe(true);
    const uncompressed = sent.filter((s) => s.encoding !== 'br' && s.bytes >= tinyBytes);
    expect(uncompressed).toEqual([]);
    expect(sent.filter((s) => !/accept-encoding/i.test(s.vary ?? ''))).toEqual([]);
    expect(assets.filter((s) => s.cache !== immutable)).toEqual([]);
  });
});
