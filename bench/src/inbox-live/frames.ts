/// <reference lib="dom" />
import type * as Playwright from '../../../e2e/node_modules/playwright-core';

/** The time between animation frames on `page` for `durationMs`, in ms. */
export function frameTimes(page: Playwright.Page, durationMs: number): Promise<number[]> {
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
