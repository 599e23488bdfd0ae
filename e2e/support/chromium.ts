import { existsSync } from 'node:fs';

/** Debian's Chromium: the journeys never download a browser of their own. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Flags for a headless run in a container as root: no sandbox (it needs a user namespace root does not
 * get), no GPU, and none of the browser's own traffic (updates, sync) mixed into what a test watches.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A missing browser fails the run with the way to install it, never a skip. */
export function assertChromium(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath}. Install it with: apt-get update && apt-get install -y chromium ` +
        '(or point CHROMIUM_PATH at a Chromium binary).',
    );
  }
}
