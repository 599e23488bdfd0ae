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
export const gone = (message: string = messages.accountGone) => new AppError(410, message, 'gone');
