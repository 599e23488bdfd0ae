import { firstScreenElementId } from '@cove/contracts';

/** The longest the app waits for a server-drawn screen's pictures: a slow picture never holds it up long. */
const MAX_WAIT_MS = 3000;

const settled = (img: HTMLImageElement) =>
  new Promise<void>((resolve) => {
    img.addEventListener('load', () => resolve(), { once: true });
    img.addEventListener('error', () => resolve(), { once: true });
  });

/**
 * Resolves once the screen the server drew (a creator's public page) has painted its pictures, at once
 * when there is none. Starting the app evaluates a few hundred kilobytes of script on a phone's slow
 * CPU: started sooner, it holds the main thread while the pictures arrive, and they are first drawn by
 * the app that replaces that screen, seconds later.
 */
export function firstScreenPainted(doc: Document = document): Promise<void> {
  const screen = doc.getElementById(firstScreenElementId);
  if (!screen) return Promise.resolve();
  const pending = [...screen.querySelectorAll('img')].filter((img) => !img.complete).map(settled);
  const capped = Promise.race([
    Promise.all(pending),
    new Promise((resolve) => setTimeout(resolve, MAX_WAIT_MS)),
  ]);
  // One frame after the pictures are in, so they are on screen before the app takes the thread.
  return capped.then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
