import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { round } from '../stats';
import { memoryOf, stop } from './processes';
import { noisyPhoto } from './noisy-photo';
import { startServerUnderTest } from './server-under-test';

/**
 * A photo of `mp` megapixels saved progressive as web tools do: decoding one holds all its
 * coefficients, about 3 bytes a pixel.
 */
async function bigPhoto(path: string, mp: number): Promise<void> {
  await noisyPhoto(mp).jpeg({ quality: 80, progressive: true }).toFile(path);
}

/** The same photo with a comment segment after its start marker: other bytes, so another media. */
function variant(source: Buffer, tag: string): Buffer {
  const text = Buffer.from(tag, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([source.subarray(0, 2), segment, text, source.subarray(2)]);
}

function uploadPhoto(port: number, token: string, file: string): Promise<{ status: number; body: string }> {
  const boundary = '----coveflood';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(
    `\r\n--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nmessage\r\n--${boundary}--\r\n`,
  );
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/v1/media',
      headers: {
        'access-token': token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + statSync(file).size + tail.length),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write(head);
    createReadStream(file)
      .on('end', () => req.end(tail))
      .pipe(req, { end: false });
  });
}

async function readyAll(port: number, token: string, ids: string[]): Promise<void> {
  const deadline = Date.now() + 20 * 60_000;
  for (const id of ids) {
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${port}/v1/media/${id}`, {
        headers: { 'access-token': token },
      });
      const { status } = (await res.json()) as { status: string };
      if (status === 'ready') break;
      if (status !== 'processing') throw new Error(`media ${id} ended ${status}`);
      if (Date.now() > deadline) throw new Error(`media ${id} still processing`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

const spread = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    min: round(s[0] ?? NaN, 1),
    median: round(s[Math.floor(s.length / 2)] ?? NaN, 1),
    max: round(s.at(-1) ?? NaN, 1),
  };
};

/**
 * Many large photos uploaded at once to the real server (its own process, the built bundle), each
 * run on a fresh server: its resident memory idle and at its peak until every photo is ready.
 */
export async function photoFloodBenchmark(
  serverRoot: string,
  opts: { photos: number; megapixels: number[]; runs: number },
) {
  const dir = mkdtempSync(join(tmpdir(), 'cove-flood-bench-'));
  try {
    const bases: Buffer[] = [];
    for (const mp of opts.megapixels) {
      const path = join(dir, `${mp}.jpg`);
      await bigPhoto(path, mp);
      bases.push(readFileSync(path));
    }
    const rows = [];
    for (let run = 0; run < opts.runs; run++) {
      const files = Array.from({ length: opts.photos }, (_, i) => {
        const file = join(dir, `run${run}-${i}.jpg`);
        writeFileSync(file, variant(bases[i % bases.length] as Buffer, `flood ${run} ${i}`));
        return file;
      });
      const cove = await startServerUnderTest(serverRoot, join(dir, `data-${run}`));
      try {
        const { token, pid, idleMiB: idle } = cove;
        const start = Date.now();
        const answers = await Promise.all(files.map((f) => uploadPhoto(cove.port, token, f)));
        const refused = answers.filter((a) => a.status !== 200);
        if (refused.length) throw new Error(`${refused.length} uploads refused: ${refused[0]?.body}`);
        const answered = Date.now() - start;
        await readyAll(
          cove.port,
          token,
          answers.map((a) => (JSON.parse(a.body) as { media_id: string }).media_id),
        );
        const peak = memoryOf(pid).peakMiB;
        rows.push({
          idle_mib: round(idle, 1),
          peak_mib: round(peak, 1),
          growth_mib: round(peak - idle, 1),
          answered_s: round(answered / 1000, 1),
          all_ready_s: round((Date.now() - start) / 1000, 1),
        });
      } finally {
        await stop(cove.child);
        for (const f of files) rmSync(f, { force: true });
      }
    }
    return {
      photos: opts.photos,
      megapixels: opts.megapixels.join('/'),
      runs: rows,
      peak_mib: spread(rows.map((r) => r.peak_mib)),
      growth_mib: spread(rows.map((r) => r.growth_mib)),
      all_ready_s: spread(rows.map((r) => r.all_ready_s)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
