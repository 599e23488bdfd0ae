/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Playwright from '../../../e2e/node_modules/playwright-core';
import { repoRoot } from '../../../server/src/paths';

type Browser = Playwright.Browser;
type Page = Playwright.Page;

/** The e2e suite's Playwright drives Debian's Chromium; the benchmark borrows both. */
export async function launchChromium(): Promise<Browser> {
  const entry = join(repoRoot, 'e2e', 'node_modules', 'playwright-core', 'index.mjs');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: install the e2e package first.`);
  if (!existsSync('/usr/bin/chromium')) throw new Error('Install Chromium: apt-get install -y chromium');
  const { chromium } = (await import(pathToFileURL(entry).href)) as typeof Playwright;
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
}

/**
 * From the start of each document: when an element first matches one of `selectors`, the time of the
 * frame that paints it (a task after its animation frame), in ms from navigation start.
 */
function watchPaints(selectors: string[]) {
  const painted: Record<string, number> = {};
  Object.assign(window, { benchPainted: painted });
  const check = () => {
    for (const s of selectors) {
      if (s in painted || !document.querySelector(s)) continue;
      painted[s] = -1;
      requestAnimationFrame(() => setTimeout(() => (painted[s] = performance.now())));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
}

/** A fresh context (cold cache, like a first visit) signed in with `token`, its CPU slowed `throttle` times. */
export async function throttledPage(browser: Browser, token: string, throttle: number, selectors: string[]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await context.addInitScript((t: string) => window.localStorage.setItem('auth-token', t), token);
  await context.addInitScript(watchPaints, selectors);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  return { context, page };
}

/** Opens `url` and answers when `selector` was first painted, in ms from navigation start. */
export async function timeToPaint(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url);
  const handle = await page.waitForFunction(
    (s: string) => {
      const at = (window as unknown as { benchPainted: Record<string, number> }).benchPainted[s];
      return at !== undefined && at > 0 ? at : null;
    },
    selector,
    { timeout: 120_000 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Scrolls the box holding `selector` by `step` px each animation frame for `frames` frames and
 * answers the time between frames, and the `Message N:` at the top of the box at the end.
 */
export function scrollFrames(page: Page, selector: string, frames: number, step: number) {
  return page.evaluate(
    async ({ selector, frames, step }) => {
      const list = document.querySelector(selector);
      let box = list?.parentElement ?? null;
      while (box && !(box.scrollHeight > box.clientHeight && getComputedStyle(box).overflowY !== 'visible')) {
        box = box.parentElement;
      }
      if (!list || !box) throw new Error(`nothing scrolls around ${selector}`);
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      const times: number[] = [];
      let last = await frame();
      for (let i = 0; i < frames; i++) {
        box.scrollTop += step;
        const now = await frame();
        times.push(now - last);
        last = now;
      }
      const top = box.getBoundingClientRect().top;
      const onTop = Array.from(list.querySelectorAll('[role="group"]')).find(
        (g) => g.getBoundingClientRect().bottom > top,
      );
      const reached = /Message (\d+):/.exec(onTop?.textContent ?? '');
      return { times, reached: reached ? Number(reached[1]) : null };
    },
    { selector, frames, step },
  );
}
