import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../errors';
import type { Db } from '../db/client';
import type { Storage } from '../storage';
import { viewOf } from './access';
import { parseRange } from './byte-range';
import { mediaById } from './media-store';
import type { UrlSigner } from './url-signer';

export interface ServeDeps {
  db: Db;
  storage: Storage;
  signer: UrlSigner;
}

/**
 * Media files are data, never documents: no sniffing, no scripts, no plugins, not framed, and
 * downloaded under a neutral name.
 */
const inertHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-site',
};

/**
 * `GET /media/<token>/<name>`: checks the signature and expiry, then the viewer's right to this
 * rendition again (a purchase refunded or a message deleted since the URL was issued counts), then
 * streams the bytes, honouring one byte range. Every refusal is the same 404.
 */
export async function serveMedia(
  deps: ServeDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  fileName: string,
): Promise<FastifyReply> {
  const grant = deps.signer.verify(token, fileName);
  if (!grant) throw fail('not_found');
  const row = await mediaById(deps.db, grant.mediaId);
  const rendition = row?.status === 'ready' ? row.renditions[grant.rendition] : undefined;
  if (!row || !rendition) throw fail('not_found');
  const view = await viewOf(deps.db, row, grant.viewerId);
  if (view === 'none' || (view === 'locked' && grant.rendition !== 'bl')) throw fail('not_found');

  const etag = `"${row.id}-${grant.rendition}-${rendition.size}"`;
  const maxAge = Math.max(0, grant.expires - Math.floor(Date.now() / 1000));
  void reply
    .headers(inertHeaders)
    .header('content-type', rendition.type)
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('accept-ranges', 'bytes')
    .header('cache-control', `private, max-age=${maxAge}`)
    .header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();

  const range = parseRange(request.headers.range, rendition.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${rendition.size}`).send();
  }
  if (range) {
    const body = await deps.storage.read(rendition.key, range);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${rendition.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(body);
  }
  const body = await deps.storage.read(rendition.key);
  return reply.code(200).header('content-length', rendition.size).send(body);
}
