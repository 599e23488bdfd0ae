import { type ErrorArgs, type ErrorCode, errorCatalogue, errorText } from '@cove/contracts';

/** The part of a route a plugin looks at to say which codes it may answer there. */
export interface RouteShape {
  method: string | string[];
  url: string;
  onRequest?: unknown;
}

/**
 * The catalogue codes a plugin may answer on a route, declared next to the code that raises them;
 * `routes/declared-errors.ts` adds their statuses to every route's responses.
 */
export type RouteCodes = (route: RouteShape) => readonly ErrorCode[];

/** Whether a route's requests can carry a body, which the body parsers then may refuse. */
export const takesBody = (route: RouteShape): boolean =>
  [route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD');

/** An error from the catalogue, meant for the caller. Anything else becomes a masked 500. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorCatalogue[code].status;
  }
}

/** The catalogue's error for `code`, with its status and text: `throw fail('send_id_reused')`. */
export function fail<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): AppError {
  return new AppError(code, errorText(code, ...args));
}

/** A 400 for one request field, shaped like a schema validation failure (`errors` names the field). */
export class InvalidField extends AppError {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super('validation', `${field}: ${reason}`);
  }
}

type WaitCode = 'sign_in_limited' | 'code_limit' | 'code_cooldown' | 'payments_limited' | 'reports_limited';

/** A 429 that says when to come back: the error handler sends the wait as `Retry-After` (seconds). */
export class TooManyRequests extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, code: WaitCode, message: string) {
    super(code, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** The catalogue's 429 for `code`, telling the caller to wait `seconds`. */
export function tooManyRequests<C extends WaitCode>(
  seconds: number,
  code: C,
  ...args: ErrorArgs<C>
): TooManyRequests {
  return new TooManyRequests(seconds, code, errorText(code, ...args));
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
