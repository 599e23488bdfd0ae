import { messages } from '@cove/contracts';

/** An error whose status and message are meant for the caller. Anything else becomes a masked 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = () => new AppError(401, messages.signIn, 'unauthorized');
export const forbidden = (message: string = messages.forbidden) => new AppError(403, message, 'forbidden');
export const notFound = (message: string = messages.notFound) => new AppError(404, message, 'not_found');
export const badRequest = (message: string, code = 'bad_request') => new AppError(400, message, code);
export const conflict = (message: string, code = 'conflict') => new AppError(409, message, code);

/** A 400 for one request field, shaped like a schema validation failure (`errors` names the field). */
export class InvalidField extends AppError {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(400, `${field}: ${reason}`, 'validation');
  }
}

/** A 429 that says when to come back: the error handler sends the wait as `Retry-After` (seconds). */
export class TooManyRequests extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, code: string, retryAfterSeconds: number) {
    super(429, message, code);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A wait in words for a 429's message, rounded up to the largest sensible unit. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return plural(s, 'second');
  if (s <= 3600) return plural(Math.ceil(s / 60), 'minute');
  if (s <= 2 * 86_400) return plural(Math.ceil(s / 3600), 'hour');
  return plural(Math.ceil(s / 86_400), 'day');
}
