import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { PublicCreator } from '@cove/contracts';
import { repoRoot } from '../../../server/src/paths';
import { ensureRemotesPublished } from '../../../server/src/release';
import { round } from '../stats';
import { startCove } from '../system';
import { auditPage, type CacheState, launchForLighthouse, type PageFigures } from './audit';
import { serveBarePage } from './bare-page/serve';
import { goalsText, missedGoals, summarisePage, tableRow } from './figures';
import { seedDemo } from './seed';
import { serveStaticPage, staticPublicPage } from './static-page';

/**
 * Lighthouse's mobile preset (simulated slow 4G, 4x CPU slowdown; cold and warm HTTP cache) on Cove's main
 * routes, each run beside a bare React 19 page rendering a 20-card grid from one bundle, served from
 * this machine in the same run. Pages are taken in turn within each round, so load on the machine
 * falls on all of them alike; each route's LCP is divided by its baseline's of the same round: the
 * bare page's, or for the public creator page, a static page of the same content served by Cove's own
 * server.
 */
const barePage = 'bare React page';
const staticPage = 'static public page';
const baselines = new Set([barePage, staticPage]);

async function main() {
  const { values } = parseArgs({
    options: { small: { type: 'boolean', default: false }, only: { type: 'string' } },
  });
  if (values.only && values.only !== 'lighthouse') return;
  const small = values.small;
  const runs = small ? 1 : 5;
  let setStaticPage: (html: string) => void = () => undefined;
  const cove = await startCove({
    extend: (app) => {
      setStaticPage = serveStaticPage(app, '/bench-static/public-page');
    },
  });
  const bare = await serveBarePage();
  const browser = await launchForLighthouse();
  // Full size measures return visits too; the bare page first: every route's LCP ratio is taken
  // against its runs with the same cache.
  const caches: CacheState[] = small ? ['cold'] : ['cold', 'warm'];
  const measured: { page: string; against: string; cache: CacheState; runs: PageFigures[] }[] = [];
  let setup: Record<string, unknown> = {};
  try {
    await ensureRemotesPublished(cove.dataDir, repoRoot);
    const { fanToken, creatorId, creatorName } = await seedDemo(cove);
    const base = `http://127.0.0.1:${cove.port}`;
    const publicApi = await fetch(`${base}/v1/public/creators/${creatorName}`);
    setStaticPage(staticPublicPage(((await publicApi.json()) as { data: PublicCreator }).data));
    const routes = [
      { page: '/login (guest)', url: `${base}/login`, token: null, against: barePage },
      { page: '/discover', url: `${base}/discover`, token: fanToken, against: barePage },
      { page: staticPage, url: `${base}/bench-static/public-page`, token: null, against: staticPage },
      {
        page: `/${creatorName} (public, guest)`,
        url: `${base}/${creatorName}`,
        token: null,
        against: staticPage,
      },
      { page: '/chats', url: `${base}/chats`, token: fanToken, against: barePage },
      {
        page: '/creators/<id> (profile)',
        url: `${base}/creators/${creatorId}`,
        token: fanToken,
        against: barePage,
      },
    ].slice(0, small ? 4 : undefined);
    const pages = [{ page: barePage, url: bare.url, token: null, against: barePage }, ...routes];
    setup = {
      runs,
      bare_script_gzip_kib: round(bare.scriptGzipKb, 1),
      signed_in_as: 'alex-fan (demo world)',
      load_average_before: loadavg().map((l) => round(l)),
    };
    const plan = caches.flatMap((cache) => pages.map((p) => ({ ...p, cache })));
    measured.push(
      ...plan.map(({ page, against, cache }) => ({ page, against, cache, runs: [] as PageFigures[] })),
    );
    for (let r = 0; r < runs; r++) {
      for (const [i, { page, url, token, cache }] of plan.entries()) {
        const got = await auditPage(browser, url, token, cache);
        measured[i]?.runs.push(got);
        console.log(
          `round ${r + 1}/${runs} ${page} (${cache}): LCP ${round(got.lcp_ms, 0)} ms, score ${got.score}`,
        );
      }
    }
  } finally {
    await browser.close();
    await bare.stop();
    await cove.stop();
  }
  const runsOf = (page: string, cache: CacheState) =>
    measured.find((m) => m.page === page && m.cache === cache)?.runs ?? [];
  const pages = measured.map(({ page, against, cache, runs: got }) => {
    const summary = summarisePage(got, runsOf(against, cache));
    return {
      page,
      against,
      cache,
      ...summary,
      missed: baselines.has(page) ? null : missedGoals(summary, cache),
      runs: got,
    };
  });
  const results = {
    size: small ? 'small' : 'full',
    at: new Date().toISOString(),
    preset:
      'Lighthouse 12.8.2 mobile: simulated slow 4G (150 ms RTT, 1.6 Mbps), 4x CPU slowdown; cold HTTP cache, and warm (after one load) at full size',
    goals: goalsText,
    ...setup,
    load_average_after: loadavg().map((l) => round(l)),
    pages,
  };
  console.log(`Lighthouse mobile, ${runs} run(s) per page, median (min–max); goals: ${goalsText}`);
  console.table(pages.map((p) => tableRow(`${p.page} (${p.cache})`, p, p.missed)));
  const dir = join(__dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `lighthouse-${results.size}.json`), `${JSON.stringify(results, null, 2)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
