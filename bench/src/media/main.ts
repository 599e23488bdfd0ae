import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { imageBenchmark } from './image-bench';
import { photoFloodBenchmark } from './photo-flood-bench';
import { uploadBenchmark } from './upload-bench';

/**
 * Media benchmarks, each next to a baseline from the same run: a large upload through the real
 * server against a bare streaming copy over the same loopback (throughput and peak memory), and
 * photo processing per megapixel against a bare sharp resize. `--small` is the size CI runs.
 */
async function main() {
  const { values } = parseArgs({
    options: { small: { type: 'boolean', default: false }, only: { type: 'string' } },
    allowPositionals: true,
  });
  const small = values.small;
  const runs = (part: string) => !values.only || values.only === part || values.only === 'media';
  const serverRoot = process.env.COVE_SERVER_ROOT ?? join(__dirname, '..', '..', 'server');
  const results: Record<string, unknown> = { size: small ? 'small' : 'full', at: new Date().toISOString() };
  if (runs('upload')) {
    const mib = small ? 64 : 400;
    results.upload = await uploadBenchmark(serverRoot, mib);
    console.log(
      `upload of a ${mib} MiB video: Cove (own process, production build) vs a bare streaming copy over loopback`,
    );
    console.table([results.upload]);
  }
  if (runs('images')) {
    results.images = await imageBenchmark(small ? [2, 12] : [2, 12, 24, 48], small ? 2 : 5);
    console.log('photo processing (check + th, st, rt, sr, bl) per megapixel vs one bare sharp resize');
    console.table(results.images);
  }
  // Minutes of work on two cores: only when asked for (`-- --only photo-flood`).
  if (values.only === 'photo-flood') {
    results.photoFlood = await photoFloodBenchmark(serverRoot, {
      photos: small ? 8 : 32,
      megapixels: small ? [24, 30] : [81, 87, 94, 100],
      runs: small ? 1 : 3,
    });
    console.log('photos uploaded at once: server resident memory until all are ready');
    console.log(JSON.stringify(results.photoFlood, null, 2));
  }
  const dir = join(__dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  // A run of other parts (`--only`) leaves the figures it did not measure alone.
  const file = join(dir, `media-${results.size}.json`);
  const earlier = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, `${JSON.stringify({ ...earlier, ...results }, null, 2)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
