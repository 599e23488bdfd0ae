import { createReadStream, readFileSync, statSync } from 'node:fs';
import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Fastify from 'fastify';
import { ms, round, summarise } from '../stats';
import { httpGet } from './http-get';

/** The largest script of the shell's first load: the asset whose serving matters most. */
export function largestFirstLoadScript(shellDist: string): string {
  const report = JSON.parse(readFileSync(join(shellDist, 'size-report.json'), 'utf8')) as {
    files: { file: string; rawKB: number }[];
  };
  const largest = [...report.files].sort((a, b) => b.rawKB - a.rawKB)[0];
  if (!largest) throw new Error('the size report lists no scripts');
  return largest.file;
}

/** A bare Fastify app that streams the same brotli file for one route: no negotiation, no plugins. */
async function bareFastify(file: string) {
  const app = Fastify({ logger: false });
  const size = statSync(file).size;
  app.get('/asset', (_request, reply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('content-encoding', 'br')
      .header('content-length', size)
      .send(createReadStream(file)),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/asset` };
}

/** Per-request latency of `total` GETs with `concurrency` in flight over kept-alive connections. */
async function timeGets(url: string, total: number, concurrency: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const samples: number[] = [];
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) {
        const t = process.hrtime.bigint();
        const got = await httpGet(url, 'gzip, deflate, br, zstd', agent);
        if (got.status !== 200 || got.encoding !== 'br')
          throw new Error(`${url}: ${got.status} ${got.encoding}`);
        samples.push(ms(t));
      }
    }),
  );
  const perSecond = total / (ms(start) / 1000);
  agent.destroy();
  return { ...summarise(samples), perSecond };
}

/**
 * Time to serve one precompressed script through Cove (routing, security headers, Accept-Encoding
 * negotiation, caching headers) against a bare Fastify route streaming the same `.br` file.
 */
export async function serveTime(base: string, shellDist: string, total: number, concurrency: number) {
  const file = largestFirstLoadScript(shellDist);
  const bare = await bareFastify(join(shellDist, `${file}.br`));
  try {
    // Warm both paths (file handles, JIT) before measuring.
    await timeGets(`${base}/${file}`, 50, concurrency);
    await timeGets(bare.url, 50, concurrency);
    const cove = await timeGets(`${base}/${file}`, total, concurrency);
    const plain = await timeGets(bare.url, total, concurrency);
    return {
      file,
      brotli_kb: round(statSync(join(shellDist, `${file}.br`)).size / 1024, 1),
      cove_p50_ms: round(cove.p50),
      cove_p99_ms: round(cove.p99),
      bare_p50_ms: round(plain.p50),
      bare_p99_ms: round(plain.p99),
      cove_per_s: round(cove.perSecond, 0),
      bare_per_s: round(plain.perSecond, 0),
      ratio_p50: round(cove.p50 / plain.p50, 2),
      ratio_per_s: round(plain.perSecond / cove.perSecond, 2),
    };
  } finally {
    await bare.app.close();
  }
}
