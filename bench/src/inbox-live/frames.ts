/// <reference lib="dom" />
import type * as Playwright from '../../../e2e/node_modules/playwright-core';

/** The time between animation frames on `page` for `durationMs`, in ms. */
function frameTimes(page: Playwright.Page, durationMs: number): Promise<number[]> {
  return page.evaluate(async (duration) => {
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const times: number[] = [];
    let last = await frame();
    const end = last + duration;
    while (last < end) {
      const now = await frame();
      times.push(now - last);
      last = now;
    }
    return times;
  }, durationMs);
}

/**
 * Frame times as `frameTimes`, and the share of that time the page's main thread spent running tasks
 * (Chromium's `TaskDuration`: scripts, style, layout, paint), in percent. A machine busy with other
 * work stretches both, but the share tells a page's own work from frames lost to its neighbours.
 */
export async function framesAndBusy(page: Playwright.Page, durationMs: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  const before = await taskSeconds();
  const started = Date.now();
  const times = await frameTimes(page, durationMs);
  const busy = ((await taskSeconds()) - before) * 1000;
  const elapsed = Date.now() - started;
  await cdp.detach();
  return { times, busyPct: (100 * busy) / elapsed };
}
