import { type ClientRequest, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appForFile } from '../../helpers/file-app';
import type { TestApp } from '../../helpers/test-app';
import { signedInUser } from '../../helpers/users';

export interface RawUpload {
  req: ClientRequest;
  answer: Promise<{ status: number; body: string }>;
  /** Resolves when the connection is gone, whoever closed it. */
  closed: Promise<void>;
}

export interface RawUploadServer {
  t: TestApp;
  /** A creator's access token, set before the first test. */
  token: string;
  /** A raw multipart upload to `POST /v1/media` over a real socket, so the test sets the pace and can hang up. */
  openUpload(boundary: string, contentLength: number): RawUpload;
}

/**
 * The file's test app listening on a real port, with a creator signed in. Uploads still open after the
 * file are destroyed before the app closes: a test that failed halfway leaves its upload open, and the
 * server would wait for the rest of it.
 */
export function rawUploadServer(env: Record<string, string>): RawUploadServer {
  const uploads = new Set<ClientRequest>();
  const t = appForFile(
    { env },
    {
      beforeClose: async () => {
        for (const req of uploads) req.destroy();
      },
    },
  );
  let port = 0;
  const server: RawUploadServer = {
    t,
    token: '',
    openUpload(boundary, contentLength) {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v1/media',
        headers: {
          'access-token': server.token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': contentLength,
        },
      });
      uploads.add(req);
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
      });
      // Tests that hang up on purpose, or fail halfway, never read the answer.
      answer.catch(() => undefined);
      const closed = new Promise<void>((resolve) => req.on('close', resolve));
      return { req, answer, closed };
    },
  };
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    server.token = (await signedInUser(t.db, { type: 'featured' })).token;
  });
  return server;
}

/** Writes one chunk, waiting for the socket to drain when its buffer is full. */
export const write = (req: ClientRequest, chunk: Buffer) =>
  new Promise<void>((resolve) => (req.write(chunk) ? resolve() : req.once('drain', resolve)));

/** Waits until `check` holds, polling every 20 ms, for `ms` at the most. */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
