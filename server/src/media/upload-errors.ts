import type { ErrorCode, MediaKind } from '@cove/contracts';
import { type AppError, fail } from '../errors';
import { acceptedImageTypes } from './sniff';

/** What an upload may be refused with. */
export const uploadCodes = [
  'validation',
  'paid_upload_not_allowed',
  'empty_file',
  'file_too_large',
  'unsupported_type',
  'corrupt_file',
  'checksum_mismatch',
  'size_mismatch',
  'upload_aborted',
  'upload_too_slow',
] as const satisfies readonly ErrorCode[];

/** Every way an upload can be refused, with the spec's words and a code the client can branch on. */
export const uploadErrors = {
  empty: () => fail('empty_file'),
  tooLarge: (kind: MediaKind) => fail('file_too_large', kind),
  unsupported: (type: string) => fail('unsupported_type', type),
  corrupt: (kind: MediaKind) => fail('corrupt_file', kind),
  checksum: () => fail('checksum_mismatch'),
  sizeMismatch: () => fail('size_mismatch'),
  aborted: () => fail('upload_aborted'),
  tooSlow: () => fail('upload_too_slow'),
  noFile: () => fail('validation', 'file: choose a photo or video to upload.'),
  oneFile: () => fail('validation', 'file: send one file per upload.'),
  noBoundary: () =>
    fail(
      'validation',
      'The upload form names no boundary: send it as multipart/form-data with its boundary.',
    ),
  tooManyFields: (max: number) =>
    fail('validation', `An upload form takes at most ${max} fields besides the file.`),
  malformed: () => fail('validation', 'The upload form is not valid multipart/form-data.'),
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
