import { messages, type ApiFailure } from '@cove/contracts';

/** The one error type the API client rejects with. */
export class ApiError extends Error implements ApiFailure {
  override readonly name = 'ApiError' as const;
  readonly status: number;
  readonly code?: string;
  readonly errors?: { field: string; message: string }[];
  readonly aborted: boolean;

  constructor(
    status: number,
    message: string,
    extra: Partial<Pick<ApiFailure, 'code' | 'errors' | 'aborted'>> = {},
  ) {
    super(message);
    this.status = status;
    this.code = extra.code;
    this.errors = extra.errors;
    this.aborted = extra.aborted ?? false;
  }
}

/** By shape, so an error thrown by the shell's copy of the runtime is recognised by a remote's copy. */
export function isApiError(err: unknown): err is ApiFailure {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as Partial<ApiFailure>;
  return e.name === 'ApiError' && typeof e.status === 'number' && typeof e.message === 'string';
}

/** Aborted calls are ignored silently: no popup, no report. */
export function isAborted(err: unknown): boolean {
  return isApiError(err) && err.aborted;
}

export const genericError = () => new ApiError(500, messages.generic);
export const networkError = () => new ApiError(0, messages.network, { code: 'network' });
export const abortedError = () =>
  new ApiError(0, 'The request was aborted.', { code: 'aborted', aborted: true });

/** The text to show a person for any failure. */
export function errorMessage(err: unknown): string {
  return isApiError(err) ? err.message : messages.generic;
}
