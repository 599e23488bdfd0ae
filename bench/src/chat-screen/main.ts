import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../../../server/src/paths';
import { ensureRemotesPublished } from '../../../server/src/release';
import { percentile, round } from '../stats';
import { startCove } from '../system';
import { launchChromium, scrollFrames, throttledPage, timeToPaint } from './browser';
import { seedScreens } from './seed';

const throttle = 4;
const message = '[aria-label="Messages"] [role="group"]';
const chatRow = '[aria-label="Chats"] a';
/** A page with nothing but a scroll box of the thread's shape: what the browser costs by itself. */
const emptyPage =
  '<!doctype html><title>empty</title><div style="height:700px;overflow:auto">' +
  '<ol aria-label="Messages" style="height:4000000px"><li><div role="group">Message 0: empty</div></li></ol></div>' +
  // At its end, like an opened chat, so it scrolls up.
  '<script>document.querySelector("div").scrollTop = 4e6</script>';

const frameStats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => round(percentile(sorted, p), 1);
  return { frames: sorted.length, p50_ms: at(50), p95_ms: at(95), max_ms: at(100) };
};
const median = (xs: number[]) =>
  round(
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    ),
    0,
  );

/**
 * The chat screen in headless Chromium at 4x CPU throttle, on the real app with a seeded inbox and one
 * long chat: opening that chat to its first message painted, frame times scrolling up through it while
 * older pages arrive and then down the loaded history, and the inbox to its first row, each against an
 * empty page in the same browser.
 */
async function main() {
  const { values } = parseArgs({
    options: { small: { type: 'boolean', default: false }, only: { type: 'string' } },
  });
  if (values.only && values.only !== 'chat-screen') return;
  const small = values.small;
  const size = small
    ? { messages: 1_000, chats: 500, opens: 3, frames: 300 }
    : { messages: 10_000, chats: 5_000, opens: 5, frames: 1_800 };
  const results: Record<string, unknown> = { size: small ? 'small' : 'full', at: new Date().toISOString() };
  const cove = await startCove();
  const browser = await launchChromium();
  try {
    await ensureRemotesPublished(cove.dataDir, repoRoot);
    const creator = await cove.user('featured');
    const fanId = await seedScreens(cove, creator.row.id, size);
    const base = `http://127.0.0.1:${cove.port}`;
    const fresh = async (selector: string) => {
      const made = await throttledPage(browser, creator.token, throttle, [selector]);
      await made.context.route(`${base}/bench-empty`, (route) =>
        route.fulfill({ contentType: 'text/html', body: emptyPage }),
      );
      return made;
    };
    // Each run a first visit (cold cache), then the same page again (warm: the app's files cached).
    const open = async (path: string, selector: string) => {
      const cold: number[] = [];
      const warm: number[] = [];
      for (let i = 0; i < size.opens; i++) {
        const { context, page } = await fresh(selector);
        cold.push(await timeToPaint(page, `${base}${path}`, selector));
        warm.push(await timeToPaint(page, `${base}${path}`, selector));
        await context.close();
      }
      return { cold, warm };
    };
    const screens = [
      { screen: 'empty page', ...(await open('/bench-empty', message)) },
      { screen: `chat of ${size.messages} messages`, ...(await open(`/chats/${fanId}`, message)) },
      { screen: `inbox of ${size.chats} chats`, ...(await open('/chats', chatRow)) },
    ];
    const [empty] = screens;
    results.open = screens.map(({ screen, cold, warm }) => ({
      screen,
      cold_ms: median(cold),
      cold_ratio: round(median(cold) / median(empty?.cold ?? []), 1),
      warm_ms: median(warm),
      warm_max_ms: round(Math.max(...warm), 0),
      warm_ratio: round(median(warm) / median(empty?.warm ?? []), 1),
    }));
    console.log(
      `median ms to the first message / chat row painted, ${throttle}x CPU throttle, ${size.opens} runs: first visit (cold) and again (warm); goal ≤ 1 s`,
    );
    console.table(results.open);

    const scroll = async (path: string, selector: string, step: number) => {
      const { context, page } = await fresh(selector);
      await timeToPaint(page, `${base}${path}`, selector);
      const up = await scrollFrames(page, '[aria-label="Messages"]', size.frames, -step);
      const down = await scrollFrames(page, '[aria-label="Messages"]', size.frames / 3, step);
      await context.close();
      return { up, down };
    };
    const step = 120;
    const still = await scroll('/bench-empty', message, step);
    const chat = await scroll(`/chats/${fanId}`, message, step);
    const emptyP95 = frameStats(still.up.times).p95_ms;
    results.scroll = [
      { what: 'empty page', ...frameStats(still.up.times) },
      {
        what: `up while older pages arrive (reached message ${chat.up.reached ?? '?'} of ${size.messages})`,
        ...frameStats(chat.up.times),
        ratio_p95: round(frameStats(chat.up.times).p95_ms / emptyP95, 2),
      },
      {
        what: 'down the loaded history',
        ...frameStats(chat.down.times),
        ratio_p95: round(frameStats(chat.down.times).p95_ms / emptyP95, 2),
      },
    ];
    console.log(
      `frame times scrolling the chat ${step} px a frame, ${throttle}x CPU throttle (goal p95 ≤ 16.7 ms)`,
    );
    console.table(results.scroll);
  } finally {
    await browser.close();
    await cove.stop();
  }
  const dir = join(__dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `chat-screen-${results.size}.json`), `${JSON.stringify(results, null, 2)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
