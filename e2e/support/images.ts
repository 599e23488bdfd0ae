import type { Page } from '@playwright/test';

/** Screenshots to look at by hand; not part of the repository. */
export const shotsDir = '/tmp/cove-shots';

/** Full-page shots of `page` at the wide and the phone layout, then back to the wide one. */
export async function screenshots(page: Page, name: string): Promise<void> {
  // From the top: the sticky header would otherwise be drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shotsDir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shotsDir}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 860 });
}

/** A 4 x 4 red PNG (made with sharp). */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVR4nGM4Y2wMRwzEcQD7ExMhLF3NIwAAAABJRU5ErkJggg==',
  'base64',
);

/** An 8 x 8 blue JPEG (made with sharp). */
export const tinyJpeg = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCYBQCH/9k=',
  'base64',
);
