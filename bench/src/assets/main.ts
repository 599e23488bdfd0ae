import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { shellDist, repoRoot } from '../../../server/src/paths';
import { ensureRemotesPublished } from '../../../server/src/release';
import { startCove } from '../system';
import { firstLoadBytes } from './first-load';
import { serveTime } from './serve-time';

/**
 * Static asset benchmarks on the built shell and remotes, served by the real app: the bytes of `/`'s
 * first load with brotli and gzip against the same files uncompressed, and the time to serve a
 * precompressed script against a bare Fastify route sending the same file. `--small` is the size CI runs.
 */
async function main() {
  const { values } = parseArgs({
    options: { small: { type: 'boolean', default: false }, only: { type: 'string' } },
  });
  const runs = (part: string) => !values.only || values.only === part || values.only === 'assets';
  if (!runs('first-load') && !runs('serve')) return;
  const small = values.small;
  const results: Record<string, unknown> = { size: small ? 'small' : 'full', at: new Date().toISOString() };
  const cove = await startCove();
  try {
    await ensureRemotesPublished(cove.dataDir, repoRoot);
    const base = `http://127.0.0.1:${cove.port}`;
    if (runs('first-load')) {
      results.first_load = await firstLoadBytes(base, shellDist);
      console.log(
        "bytes of /'s first load (shell page, its scripts, discover), brotli and gzip vs uncompressed",
      );
      console.table([results.first_load]);
    }
    if (runs('serve')) {
      const total = small ? 500 : 5_000;
      results.serve = await serveTime(base, shellDist, total, 8);
      console.log(`serving a precompressed script, ${total} GETs (8 in flight): Cove vs bare Fastify`);
      console.table([results.serve]);
    }
  } finally {
    await cove.stop();
  }
  const dir = join(__dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  // A run of other parts (`--only`) leaves the figures it did not measure alone.
  const file = join(dir, `assets-${results.size}.json`);
  const earlier = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, `${JSON.stringify({ ...earlier, ...results }, null, 2)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
