import { type MediaKind, mediaMessages } from '@cove/contracts';
import { AppError } from '../errors';
import { acceptedImageTypes } from './sniff';

/** Every way an upload can be refused, with the spec's words and a code the client can branch on. */
export const uploadErrors = {
  empty: () => new AppError(400, mediaMessages.empty, 'empty_file'),
  tooLarge: (kind: MediaKind) =>
    new AppError(
      413,
      kind === 'video' ? mediaMessages.videoTooLarge : mediaMessages.photoTooLarge,
      'file_too_large',
    ),
  unsupported: (type: string) => new AppError(415, mediaMessages.unsupported(type), 'unsupported_type'),
  corrupt: (kind: MediaKind) =>
    new AppError(
      422,
      kind === 'video' ? mediaMessages.videoFailed : mediaMessages.imageFailed,
      'corrupt_file',
    ),
  checksum: () => new AppError(400, mediaMessages.uploadFailed, 'checksum_mismatch'),
  sizeMismatch: () => new AppError(400, mediaMessages.uploadFailed, 'size_mismatch'),
  aborted: () => new AppError(400, mediaMessages.uploadFailed, 'upload_aborted'),
  noFile: () => new AppError(400, 'file: choose a photo or video to upload.', 'validation'),
  oneFile: () => new AppError(400, 'file: send one file per upload.', 'validation'),
  noBoundary: () =>
    new AppError(
      400,
      'The upload form names no boundary: send it as multipart/form-data with its boundary.',
      'validation',
    ),
  tooManyFields: (max: number) =>
    new AppError(400, `An upload form takes at most ${max} fields besides the file.`, 'validation'),
  malformed: () => new AppError(400, 'The upload form is not valid multipart/form-data.', 'validation'),
};

/** A file the sniffer could not name: the declared type only picks the wording, never the verdict. */
export function unrecognised(declaredType: string): AppError {
  if (acceptedImageTypes.has(declaredType)) return uploadErrors.corrupt('image');
  if (declaredType.startsWith('video/')) return uploadErrors.corrupt('video');
  const shown =
    /^[a-z]+\/[a-z0-9.+-]+$/i.test(declaredType) && declaredType !== 'application/octet-stream'
      ? declaredType
      : 'unknown';
  return uploadErrors.unsupported(shown);
}
