import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { round } from '../stats';
import { Tally } from './client';
import { runLoad } from './load';
import { countOnline, signInCast } from './people';
import { type ServerMemory, startSoakServer } from './server';
import { fitLine } from './slope';
import { runSockets } from './sockets';

/**
 * A mixed soak against the built server (`npm start`'s process, embedded PostgreSQL, the demo world):
 * sends, paid unlocks, tips, photo uploads, chat, profile and discover reads, and tabs that connect,
 * type, hide, go away and resume, for `--minutes`. It samples the server's resident set every
 * `--sample-seconds` and reports the slope of its second half (least squares, MiB/min) and every 5xx.
 * `--snapshots 2,9` writes heap snapshots at those minutes (compare them with dist/heap-diff.js); a
 * snapshot briefly adds its own memory, so runs that judge the slope take none.
 */
async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== 'soak'),
    options: {
      minutes: { type: 'string', default: '30' },
      rate: { type: 'string', default: '25' },
      workers: { type: 'string', default: '8' },
      tabs: { type: 'string', default: '2' },
      'extra-fans': { type: 'string', default: '12' },
      'sample-seconds': { type: 'string', default: '10' },
      snapshots: { type: 'string', default: '' },
      'max-slope': { type: 'string', default: '1' },
    },
  });
  const minutes = Number(values.minutes);
  const sampleMs = Number(values['sample-seconds']) * 1000;
  const snapshotAt = values.snapshots
    .split(',')
    .filter(Boolean)
    .map((m) => Number(m) * 60_000);
  const serverRoot = process.env.COVE_SERVER_ROOT ?? join(__dirname, '..', '..', 'server');
  const work = mkdtempSync(join(tmpdir(), 'cove-soak-'));
  const resultsDir = join(__dirname, '..', 'results');
  mkdirSync(resultsDir, { recursive: true });
  // Snapshots are hundreds of MiB: they stay in a folder of their own, outside the repository.
  const snapshotDir = snapshotAt.length > 0 ? mkdtempSync(join(tmpdir(), 'cove-soak-snapshots-')) : work;
  const server = await startSoakServer(serverRoot, join(work, 'data'), snapshotDir).catch((err: unknown) => {
    for (const dir of new Set([work, snapshotDir])) rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  const tally = new Tally();
  const samples: ({ minute: number } & ServerMemory)[] = [];
  const snapshots: { minute: number; path: string }[] = [];
  try {
    const cast = await signInCast(server.base, tally, Number(values['extra-fans']));
    const people = [...cast.creators, ...cast.fans];
    console.log(
      `soak: ${minutes} min against pid ${server.pid}, ${cast.creators.length} creators and ${cast.fans.length} fans, ` +
        `${values.rate} operations/s, ${values.tabs} tabs each`,
    );
    const start = Date.now();
    const until = start + minutes * 60_000;
    const sampler = (async () => {
      for (let next = start; Date.now() < until; next += sampleMs) {
        await sleep(Math.max(0, next - Date.now()));
        const minute = (Date.now() - start) / 60_000;
        const due = snapshotAt[0];
        if (due !== undefined && Date.now() - start >= due) {
          snapshotAt.shift();
          snapshots.push({ minute: round(minute, 1), path: await server.snapshot() });
        }
        const memory = server.memory();
        samples.push({
          minute: round(minute, 2),
          rss_mib: round(memory.rss_mib, 1),
          anon_mib: round(memory.anon_mib, 1),
          heap_live_mb: memory.heap_live_mb,
          heap_committed_mb: memory.heap_committed_mb,
        });
        if (samples.length % 6 === 1)
          console.log(
            `  ${minute.toFixed(1)} min: rss ${memory.rss_mib.toFixed(1)} MiB (anon ${memory.anon_mib.toFixed(1)}), ` +
              `heap after full GC ${memory.heap_live_mb ?? '-'} MB, 5xx ${tally.fiveHundreds}, load ${loadavg()[0]?.toFixed(1)}`,
          );
      }
    })();
    const [, sockets] = await Promise.all([
      runLoad(cast, { workers: Number(values.workers), rate: Number(values.rate), until }),
      runSockets(server.base, people, tally, { tabsEach: Number(values.tabs), until }),
      sampler,
    ]);
    // Idle for a while: what the server gives back once the load stops, and presence settles.
    await sleep(20_000);
    const idle = server.memory().rss_mib;
    const stillOnline = await countOnline(cast);

    const half = samples.filter((s) => s.minute >= minutes / 2);
    const second = fitLine(half.map((s) => ({ x: s.minute, y: s.rss_mib })));
    const whole = fitLine(samples.map((s) => ({ x: s.minute, y: s.rss_mib })));
    const heapHalf = half.filter((s) => s.heap_live_mb !== null);
    const heapSlope = fitLine(heapHalf.map((s) => ({ x: s.minute, y: s.heap_live_mb as number }))).slope;
    const at = (m: number) =>
      samples.reduce((best, s) => (Math.abs(s.minute - m) < Math.abs(best.minute - m) ? s : best)).rss_mib;
    const summary = {
      minutes,
      samples: samples.length,
      rss_start_mib: at(0),
      rss_mid_mib: at(minutes / 2),
      rss_end_mib: at(minutes),
      rss_max_mib: Math.max(...samples.map((s) => s.rss_mib)),
      rss_after_20s_idle_mib: round(idle, 1),
      second_half_slope_mib_per_min: round(second.slope, 3),
      second_half_slope_se: round(second.slopeSe, 3),
      second_half_residual_sd_mib: round(second.residualSd, 2),
      whole_run_slope_mib_per_min: round(whole.slope, 3),
      second_half_heap_slope_mb_per_min: round(heapSlope, 3),
      server_errors_5xx: tally.fiveHundreds,
      online_after_tabs_closed: stillOnline,
      unanswered: tally.failures,
    };
    const requests = Object.fromEntries(tally.byOp);
    console.table([summary]);
    console.table(requests);
    console.table([sockets]);
    if (tally.serverErrors.length > 0) console.log(tally.serverErrors.slice(0, 20));
    const file = join(resultsDir, `soak-${minutes}min.json`);
    const results = {
      at: new Date().toISOString(),
      options: values,
      load_average: loadavg().map((l) => round(l)),
      ...summary,
      requests,
      sockets,
      refusals: Object.fromEntries(tally.refusals),
      server_errors: tally.serverErrors.slice(0, 100),
      snapshots,
      memory: samples,
    };
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`results in ${file}`);
    const growing = second.slope > Number(values['max-slope']) && second.slope > 2 * second.slopeSe;
    if (tally.fiveHundreds > 0 || growing || stillOnline > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
