import { type Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface Fetched {
  status: number;
  encoding: string;
  /** Body bytes as they crossed the wire (still encoded). */
  wireBytes: number;
  /** The body decoded, to check it is the file itself. */
  body: Buffer;
}

const decode = (encoding: string, bytes: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;

/**
 * One GET with node's plain HTTP client, which, unlike fetch, leaves the body as it arrived, so the
 * byte count is what the network carried.
 */
export function httpGet(url: string, acceptEncoding: string, agent?: Agent): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'] ?? 'identity';
        resolve({
          status: res.statusCode ?? 0,
          encoding,
          wireBytes: raw.length,
          body: decode(encoding, raw),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
