import { rm } from 'node:fs/promises';
import { type MediaKind, mediaUploadFields } from '@cove/contracts';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type * as z from 'zod';
import { AppError, badRequest } from '../errors';
import { type StagedFile, stageFile } from './stage-file';
import { uploadErrors } from './upload-errors';

export interface ReceivedUpload {
  file: StagedFile;
  fields: z.infer<typeof mediaUploadFields>;
}

/**
 * Reads the multipart form as it arrives: the file streams into `stagingDir` while it is hashed and
 * sniffed; the other fields may come before or after it. The MD5 and size the client declared are
 * checked against the bytes received. Whatever fails, no staged file is left behind.
 */
export async function receiveUpload(
  request: FastifyRequest,
  stagingDir: string,
  maxBytes: Record<MediaKind, number>,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest('The upload must be multipart/form-data.', 'validation');
  const contentLength = Number(request.headers['content-length']);
  const raw: Record<string, string> = {};
  let file: StagedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') raw[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file')
        throw badRequest(`${part.fieldname}: unexpected file field; send the file as "file".`, 'validation');
      if (file) throw uploadErrors.oneFile();
      file = await stageFile(part.file, {
        dir: stagingDir,
        maxBytes,
        declaredType: part.mimetype,
        requestBytes: Number.isFinite(contentLength) ? contentLength : undefined,
      });
    }
    if (!file) throw uploadErrors.noFile();
    const parsed = mediaUploadFields.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(`${issue?.path.join('.') ?? 'body'}: ${issue?.message ?? 'is invalid'}`, 'validation');
    }
    if (parsed.data.md5 !== undefined && parsed.data.md5 !== file.md5) throw uploadErrors.checksum();
    if (parsed.data.file_size !== undefined && parsed.data.file_size !== file.size)
      throw uploadErrors.sizeMismatch();
    return { file, fields: parsed.data };
  } catch (err) {
    if (file) await rm(file.path, { force: true });
    discardRest(request);
    if (request.raw.destroyed && !(err instanceof AppError)) throw uploadErrors.aborted();
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
