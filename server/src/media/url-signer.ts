import { createHmac, timingSafeEqual } from 'node:crypto';
import { type RenditionName, renditionNames } from '@cove/contracts';
import { renditionTypes } from './renditions';

/** What a media URL grants: one rendition of one media, to one viewer, until `expires` (unix seconds). */
export interface MediaGrant {
  mediaId: string;
  rendition: RenditionName;
  viewerId: string;
  expires: number;
}

const VERSION = 1;
const PAYLOAD = 1 + 16 + 1 + 16 + 4;
const MAC = 16;
/** base64url of the 54 bytes, unpadded: any other length is not a token. */
const TOKEN_CHARS = Math.ceil(((PAYLOAD + MAC) * 4) / 3);

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/**
 * Signed, expiring media URLs: `/media/<token>/<rendition>.<ext>`. The token packs the grant in 38
 * bytes plus a 128-bit HMAC-SHA256 tag. Expiry is rounded up to a quarter of the lifetime, so the
 * same viewer gets the same URL for a while and the browser's cache works.
 */
export class UrlSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly ttlSeconds: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private mac(payload: Buffer): Buffer {
    return createHmac('sha256', this.secret).update(payload).digest().subarray(0, MAC);
  }

  expiry(): number {
    const step = Math.max(1, Math.floor(this.ttlSeconds / 4));
    const nowS = Math.floor(this.now() / 1000);
    return (Math.floor(nowS / step) + 1) * step + this.ttlSeconds;
  }

  url(mediaId: string, rendition: RenditionName, viewerId: string): string {
    const payload = Buffer.alloc(PAYLOAD);
    payload.writeUInt8(VERSION, 0);
    uuidBytes(mediaId).copy(payload, 1);
    payload.writeUInt8(renditionNames.indexOf(rendition), 17);
    uuidBytes(viewerId).copy(payload, 18);
    payload.writeUInt32BE(this.expiry(), 34);
    const token = Buffer.concat([payload, this.mac(payload)]).toString('base64url');
    return `/media/${token}/${rendition}.${renditionTypes[rendition].ext}`;
  }

  /** The grant of a token, or null when it is malformed, forged, for another file name, or expired. */
  verify(token: string, fileName: string): MediaGrant | null {
    if (token.length !== TOKEN_CHARS || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length !== PAYLOAD + MAC) return null;
    const payload = bytes.subarray(0, PAYLOAD);
    if (!timingSafeEqual(bytes.subarray(PAYLOAD), this.mac(payload))) return null;
    if (payload.readUInt8(0) !== VERSION) return null;
    const rendition = renditionNames[payload.readUInt8(17)];
    if (!rendition || fileName !== `${rendition}.${renditionTypes[rendition].ext}`) return null;
    const expires = payload.readUInt32BE(34);
    if (expires * 1000 <= this.now()) return null;
    return {
      mediaId: uuidOf(payload.subarray(1, 17)),
      rendition,
      viewerId: uuidOf(payload.subarray(18, 34)),
      expires,
    };
  }
}
