import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { round } from '../stats';
import { memoryOf, startPlainServer, stop } from './processes';
import { startServerUnderTest } from './server-under-test';

const MiB = 1024 * 1024;

/** A video of about `mib` MiB that the server accepts: uncompressed 720p frames in Matroska, made in a second. */
function makeVideo(dir: string, mib: number): string {
  const path = join(dir, 'big.mkv');
  const frames = Math.ceil((mib * MiB) / (1280 * 720 * 1.5));
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=30',
    '-frames:v',
    String(frames),
    '-c:v',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    path,
  ]);
  return path;
}

function md5Of(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('md5');
    createReadStream(path)
      .on('data', (c) => h.update(c))
      .on('end', () => resolve(h.digest('hex')))
      .on('error', reject);
  });
}

/** Streams a file as the body of one POST (multipart when `form` is given) and times it to the answer. */
function post(
  port: number,
  path: string,
  file: string,
  opts: { headers?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<{ ms: number; status: number; body: string }> {
  const size = statSync(file).size;
  const boundary = '----covebench';
  const head = opts.form
    ? Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mkv"\r\nContent-Type: video/x-matroska\r\n\r\n`,
      )
    : Buffer.alloc(0);
  const fields = Object.entries(opts.form ?? {}).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const tail = opts.form ? Buffer.from(`\r\n${fields.join('')}--${boundary}--\r\n`) : Buffer.alloc(0);
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: {
        ...opts.headers,
        'content-length': String(head.length + size + tail.length),
        ...(opts.form
          ? { 'content-type': `multipart/form-data; boundary=${boundary}` }
          : { 'content-type': 'application/octet-stream' }),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () =>
        resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, status: res.statusCode ?? 0, body }),
      );
    });
    req.on('error', reject);
    req.write(head);
    createReadStream(file)
      .on('end', () => req.end(tail))
      .pipe(req, { end: false });
  });
}

/**
 * A large upload through the real server (its own process, the built bundle) against a bare HTTP
 * server streaming the same bytes to a file over the same loopback, and each server's peak memory.
 */
export async function uploadBenchmark(serverRoot: string, mib: number) {
  const dir = mkdtempSync(join(tmpdir(), 'cove-media-bench-'));
  try {
    const file = makeVideo(dir, mib);
    const bytes = statSync(file).size;
    const md5 = await md5Of(file);

    const plain = await startPlainServer(join(dir, 'copy.bin'));
    const plainIdle = memoryOf(plain.child.pid as number).nowMiB;
    const base = await post(plain.port, '/', file);
    const plainPeak = memoryOf(plain.child.pid as number).peakMiB;
    await stop(plain.child);

    // No media worker: the answer comes right after the upload is stored and checked, and no
    // transcoding runs while the figures are taken.
    const cove = await startServerUnderTest(serverRoot, join(dir, 'data'), { MEDIA_WORKERS: '0' });
    try {
      const { token, pid, idleMiB: idle } = cove;
      const ours = await post(cove.port, '/v1/media', file, {
        headers: { 'access-token': token },
        form: { file_size: String(bytes), md5, type: 'message' },
      });
      if (ours.status !== 200) throw new Error(`upload answered ${ours.status}: ${ours.body}`);
      const peak = memoryOf(pid).peakMiB;
      return {
        file_mib: round(bytes / MiB, 1),
        plain_copy_mib_s: round(bytes / MiB / (base.ms / 1000), 1),
        cove_upload_mib_s: round(bytes / MiB / (ours.ms / 1000), 1),
        throughput_ratio: round(base.ms / ours.ms, 2),
        cove_upload_s: round(ours.ms / 1000, 2),
        plain_copy_s: round(base.ms / 1000, 2),
        plain_server_rss_idle_mib: round(plainIdle, 1),
        plain_server_rss_peak_mib: round(plainPeak, 1),
        cove_server_rss_idle_mib: round(idle, 1),
        cove_server_rss_peak_mib: round(peak, 1),
        cove_server_rss_growth_mib: round(peak - idle, 1),
      };
    } finally {
      await stop(cove.child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
