import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MediaResponse } from '@cove/contracts';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../helpers/test-app';

export interface FilePart {
  data: Buffer;
  name?: string;
  type?: string;
}

/** A multipart body as a browser's FormData sends it: the file first, then file_size, md5 and type. */
export function multipart(
  file: FilePart | null,
  fields: Record<string, string> = {},
): { body: Buffer; contentType: string } {
  const boundary = `----cove${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'upload.bin'}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** Uploads like the spec's client: file, file_size and md5 of the bytes, and the type. */
export async function upload(
  app: FastifyInstance,
  token: string,
  file: FilePart,
  fields: Record<string, string> = {},
) {
  const { body, contentType } = multipart(file, {
    file_size: String(file.data.length),
    md5: md5(file.data),
    type: 'message',
    ...fields,
  });
  return app.inject({
    method: 'POST',
    url: '/v1/media',
    headers: { 'access-token': token, 'content-type': contentType },
    payload: body,
  });
}

/** Polls the status route until processing has ended. */
export async function settled(
  app: FastifyInstance,
  token: string,
  mediaId: string,
  timeoutMs = 60_000,
): Promise<MediaResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ url: `/v1/media/${mediaId}`, headers: { 'access-token': token } });
    const body = res.json() as MediaResponse;
    if (body.status !== 'processing') return body;
    if (Date.now() > deadline) throw new Error(`media ${mediaId} still processing`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Fetches a signed media URL (no access token: the URL is the grant). */
export const fetchMedia = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers });

/** Files in the upload staging and job folders: anything there after a request is a leftover. */
export function scratchFiles(t: TestApp): string[] {
  const root = join(t.config.dataDir, 'media');
  return ['staging', 'work'].flatMap((d) => readdirSync(join(root, d)).map((f) => `${d}/${f}`));
}
