import { rm } from 'node:fs/promises';
import { type MediaKind, mediaUploadFields } from '@cove/contracts';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type * as z from '../zod';
import { AppError, fail, InvalidField } from '../errors';
import { unstorableText } from '../plugins/request-text';
import { type StagedFile, stageFile } from './stage-file';
import { uploadErrors } from './upload-errors';

/** Text fields an upload form may carry besides its file (the route's busboy limits allow one more). */
export const UPLOAD_FIELDS = 10;

/** A multipart Content-Type must name its boundary; without one busboy cannot read a byte. */
const hasBoundary = (contentType: string | undefined) =>
  /;\s*boundary=("[^"]+"|[^";\s]+)/i.test(contentType ?? '');

/**
 * Whether busboy failed to parse the form (truncated, malformed headers): its errors are plain, while
 * ours are AppErrors, the multipart plugin's carry a status and the system's a code.
 */
const isParseError = (err: unknown) =>
  err instanceof Error && !(err instanceof AppError) && !('statusCode' in err) && !('code' in err);

/** Rejects with the signal's reason once it aborts. */
function abortion(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}

/**
 * The form's parts; a form busboy cannot parse is the client's mistake (400), or they hung up. Waiting
 * for the next part ends when `signal` aborts.
 */
async function* partsOf(request: FastifyRequest, signal: AbortSignal) {
  const parts = request.parts()[Symbol.asyncIterator]();
  const stopped = abortion(signal);
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await Promise.race([parts.next(), stopped]);
    } catch (err) {
      if (signal.aborted) throw err;
      if (request.raw.destroyed) throw uploadErrors.aborted();
      throw isParseError(err) ? uploadErrors.malformed() : err;
    }
    if (next.done) return;
    yield next.value;
  }
}

export interface ReceivedUpload {
  file: StagedFile;
  fields: z.infer<typeof mediaUploadFields>;
}

/**
 * Reads the multipart form as it arrives: the file streams into `stagingDir` while it is hashed and
 * sniffed; the other fields may come before or after it. The MD5 and size the client declared are
 * checked against the bytes received. Whatever fails, no staged file is left behind. When `signal`
 * aborts (the upload is too slow), reading stops there and its reason is thrown.
 */
export async function receiveUpload(
  request: FastifyRequest,
  stagingDir: string,
  maxBytes: Record<MediaKind, number>,
  signal: AbortSignal,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw fail('validation', 'The upload must be multipart/form-data.');
  if (!hasBoundary(request.headers['content-type'])) throw uploadErrors.noBoundary();
  const contentLength = Number(request.headers['content-length']);
  const raw: Record<string, string> = {};
  let fields = 0;
  let file: StagedFile | undefined;
  // Errors the file part itself emitted: busboy's, when the form ends inside the file.
  const formErrors = new WeakSet<Error>();
  try {
    for await (const part of partsOf(request, signal)) {
      if (part.type === 'field') {
        // Refused at the first field too many, at once: the rest of the body is never parsed.
        if (++fields > UPLOAD_FIELDS) throw uploadErrors.tooManyFields(UPLOAD_FIELDS);
        if (part.valueTruncated) throw new InvalidField(`body.${part.fieldname}`, 'must be at most 1 KiB');
        if (typeof part.value === 'string') {
          const reason = unstorableText(part.fieldname) ?? unstorableText(part.value);
          if (reason) throw new InvalidField(`body.${part.fieldname}`, reason);
          raw[part.fieldname] = part.value;
        }
        continue;
      }
      if (part.fieldname !== 'file')
        throw fail('validation', `${part.fieldname}: unexpected file field; send the file as "file".`);
      if (file) throw uploadErrors.oneFile();
      part.file.once('error', (err) => formErrors.add(err));
      file = await stageFile(part.file, {
        dir: stagingDir,
        maxBytes,
        declaredType: part.mimetype,
        requestBytes: Number.isFinite(contentLength) ? contentLength : undefined,
        signal,
      });
    }
    if (!file) throw uploadErrors.noFile();
    const parsed = mediaUploadFields.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fail('validation', `${issue?.path.join('.') ?? 'body'}: ${issue?.message ?? 'is invalid'}`);
    }
    if (parsed.data.md5 !== undefined && parsed.data.md5 !== file.md5) throw uploadErrors.checksum();
    if (parsed.data.file_size !== undefined && parsed.data.file_size !== file.size)
      throw uploadErrors.sizeMismatch();
    return { file, fields: parsed.data };
  } catch (err) {
    if (file) await rm(file.path, { force: true });
    // The connection closes with the answer: the rest of a body this slow is not waited for.
    if (signal.aborted) throw signal.reason;
    discardRest(request);
    if (request.raw.destroyed && !(err instanceof AppError)) throw uploadErrors.aborted();
    if (formErrors.has(err as Error) && isParseError(err)) throw uploadErrors.malformed();
    throw err;
  }
}

/**
 * After a refusal the rest of the body is read and dropped (never stored), so the browser receives the
 * answer instead of a reset connection.
 */
function discardRest(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.on('data', () => {});
  raw.resume();
}
