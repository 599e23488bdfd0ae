import type { MediaKind } from '@cove/contracts';
import type { AppError } from '../errors';
import { uploadErrors } from './upload-errors';

/** The file itself is bad (corrupt, truncated, or too many pixels): retrying cannot help. */
export class MediaInputError extends Error {
  constructor(
    readonly kind: MediaKind,
    readonly reason: 'corrupt' | 'too_large',
    detail: string,
  ) {
    super(`${kind} ${reason}: ${detail}`);
    this.name = 'MediaInputError';
  }

  toAppError(): AppError {
    return this.reason === 'too_large' ? uploadErrors.tooLarge(this.kind) : uploadErrors.corrupt(this.kind);
  }
}
