/// <reference lib="dom" />
import type { Browser } from 'puppeteer-core';

/** What one Lighthouse run says about one page load. */
export interface PageFigures {
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  score: number;
  /** Every byte the load transferred (images and API answers too). */
  kib: number;
  /** The page, its scripts and style sheets as transferred: what the first-visit budget counts. */
  code_kib: number;
}

/** A first visit (Lighthouse clears the HTTP cache) or a return visit after one full load of the page. */
export type CacheState = 'cold' | 'warm';

/** The `resource-summary` audit's table: bytes transferred per resource type. */
interface ResourceSummary {
  items: { resourceType: string; transferSize: number }[];
}
const codeTypes = new Set(['document', 'script', 'stylesheet']);

/** Lighthouse could not record the load (NO_NAVSTART and the like: it asks to be run again). */
class LighthouseRunError extends Error {}

/** Debian's Chromium, headless, driven by the puppeteer-core Lighthouse itself uses. */
export async function launchForLighthouse(): Promise<Browser> {
  const puppeteer = await import('puppeteer-core');
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
}

/**
 * One Lighthouse navigation of `url` with its default (mobile) settings: a simulated slow 4G and 4x
 * CPU slowdown, performance only. `token` is put in the origin's localStorage as each document
 * starts (or taken out: a guest). Cold, Lighthouse clears the HTTP cache, service workers and cache
 * storage but keeps localStorage, so this is a first visit of a signed-in person; warm, the tab loads
 * the page once first and Lighthouse keeps what it cached.
 */
async function auditOnce(
  browser: Browser,
  url: string,
  token: string | null,
  cache: CacheState,
): Promise<PageFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const page = await browser.newPage();
  try {
    // Runs at the start of every document of this tab, so the app finds the session on its first read.
    await page.evaluateOnNewDocument((t: string | null) => {
      if (!location.protocol.startsWith('http')) return;
      if (t) localStorage.setItem('auth-token', t);
      else localStorage.removeItem('auth-token');
    }, token);
    if (cache === 'warm') await page.goto(url, { waitUntil: 'networkidle0' });
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: cache === 'warm',
      },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError)
      throw new LighthouseRunError(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A signed-in page that sent the browser to /login measured the wrong screen.
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== new URL(url).pathname) throw new Error(`${url} ended at ${landed}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const transferred = (lhr.audits['resource-summary']?.details as ResourceSummary | undefined)?.items ?? [];
    const code = transferred
      .filter((r) => codeTypes.has(r.resourceType))
      .reduce((sum, r) => sum + r.transferSize, 0);
    return {
      lcp_ms: value('largest-contentful-paint'),
      tbt_ms: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
      kib: value('total-byte-weight') / 1024,
      code_kib: code / 1024,
    };
  } finally {
    await page.close();
  }
}

/** `auditOnce`, run again (up to twice) when Lighthouse itself failed to record the load. */
export async function auditPage(
  browser: Browser,
  url: string,
  token: string | null,
  cache: CacheState,
): Promise<PageFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(browser, url, token, cache);
    } catch (err) {
      if (!(err instanceof LighthouseRunError) || attempt === 3) throw err;
      console.warn(`${err.message}; running it again`);
    }
  }
}
