import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

/** Where a test app keeps media: its data folder (the default) or a local S3-compatible server. */
export interface Backend {
  name: 'disk' | 's3';
  start(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

export const disk = (): Backend => ({ name: 'disk', start: async () => ({}), stop: async () => {} });

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

/** s3rver on port 0 with one bucket, its files in a temporary folder. */
export function s3(): Backend {
  let server: S3rverInstance | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'cove-s3-'));
  return {
    name: 's3',
    async start() {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- s3rver ships CommonJS without types
      const S3rver = require('s3rver') as new (opts: object) => S3rverInstance;
      server = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: dir,
        configureBuckets: [{ name: 'cove-media' }],
      });
      const { port } = await server.run();
      return {
        S3_BUCKET: 'cove-media',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PREFIX: 'test/',
      };
    },
    async stop() {
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const backends = () => [disk(), s3()];
