import { createHash, randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MediaKind } from '@cove/contracts';
import { SNIFF_BYTES, type Sniffed, sniff } from './sniff';
import { unrecognised, uploadErrors } from './upload-errors';

export interface StagedFile {
  path: string;
  size: number;
  md5: string;
  sha256: string;
  sniffed: Extract<Sniffed, { kind: MediaKind }>;
}

export interface StageOptions {
  dir: string;
  maxBytes: Record<MediaKind, number>;
  /** The type the client declared: only picks the wording when the bytes are not recognised. */
  declaredType: string;
  /** The request's Content-Length, when sent: a body already too big is refused after its first bytes. */
  requestBytes?: number | undefined;
  /** Stops the transfer (the partial file is removed). */
  signal: AbortSignal;
}

/** Room for the other form fields and boundaries in a request's Content-Length. */
const FORM_OVERHEAD = 16 * 1024;

/**
 * Hashes, counts and sniffs bytes as they pass. It holds back only the first 64 KiB until it knows the
 * type, so a refused file is refused before it is written, and memory stays bounded whatever the size.
 */
class Inspector extends Transform {
  readonly md5 = createHash('md5');
  readonly sha256 = createHash('sha256');
  size = 0;
  sniffed: StagedFile['sniffed'] | undefined;
  private head: Buffer[] = [];
  private headBytes = 0;
  private limit = Infinity;

  constructor(private readonly opts: StageOptions) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    this.md5.update(chunk);
    this.sha256.update(chunk);
    if (this.sniffed) {
      if (this.size > this.limit) return done(uploadErrors.tooLarge(this.sniffed.kind));
      return done(null, chunk);
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return done();
    this.decide().then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    if (this.sniffed || this.headBytes === 0) return done();
    this.decide().then(() => done(), done);
  }

  private async decide(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    const found = await sniff(head);
    if (found.kind === 'other')
      throw found.mime ? uploadErrors.unsupported(found.mime) : unrecognised(this.opts.declaredType);
    this.sniffed = found;
    this.limit = this.opts.maxBytes[found.kind];
    const announced = this.opts.requestBytes !== undefined ? this.opts.requestBytes - FORM_OVERHEAD : 0;
    if (this.size > this.limit || announced > this.limit) throw uploadErrors.tooLarge(found.kind);
    this.push(head);
  }
}

/** Streams one uploaded file into a private file in `dir`; on any failure the partial file is removed. */
export async function stageFile(source: Readable, opts: StageOptions): Promise<StagedFile> {
  const path = join(opts.dir, `${randomBytes(12).toString('hex')}.upload`);
  const inspector = new Inspector(opts);
  // The file is created before any byte flows: a stream that opened it lazily could create it after
  // an early refusal had already cleaned up, leaving a stray file behind.
  const handle = await open(path, 'wx', 0o600);
  try {
    await pipeline(source, inspector, handle.createWriteStream(), { signal: opts.signal });
    if (inspector.size === 0) throw uploadErrors.empty();
    if (!inspector.sniffed) throw new Error('stageFile: bytes passed without a verdict');
    return {
      path,
      size: inspector.size,
      md5: inspector.md5.digest('hex'),
      sha256: inspector.sha256.digest('hex'),
      sniffed: inspector.sniffed,
    };
  } catch (err) {
    await rm(path, { force: true });
    throw opts.signal.aborted ? opts.signal.reason : err;
  }
}
